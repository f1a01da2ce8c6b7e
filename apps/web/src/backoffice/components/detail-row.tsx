import type { ReactNode } from 'react';

/** One line of a card's details (inside a `<dl>`): its label on the left, its value on the right, wrapping on a phone. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right break-all text-slate-100">{children}</dd>
    </div>
  );
}
