import type { ReactNode } from 'react';

/**
 * The details behind one order of a history, label by value: under its card on a phone, under its row on wide
 * screens. Only the lazy details of each history import it, so it is not on a history's first page.
 */
export function OrderDetailsList({ details }: { details: [string, ReactNode][] }) {
  return (
    <dl
      data-testid="order-details"
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-slate-800 px-3 py-2 text-xs sm:max-w-xl sm:border-0 sm:px-0 sm:text-sm"
    >
      {details.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-400">{label}</dt>
          <dd className="text-right wrap-anywhere text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
