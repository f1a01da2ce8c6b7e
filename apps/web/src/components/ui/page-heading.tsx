import type { ReactNode } from 'react';

/** The one h1 of a screen. */
export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3">
      <h1 className="text-xl font-semibold tracking-tight text-white sm:text-2xl">{children}</h1>
      {actions}
    </div>
  );
}
