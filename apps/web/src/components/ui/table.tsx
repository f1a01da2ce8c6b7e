import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn';

/**
 * A table that scrolls sideways on narrow screens instead of breaking the layout; the scrolling region
 * is named after the table and reachable by keyboard (axe: scrollable-region-focusable).
 */
/** `fits`: its columns hide on small screens, so it never needs the scroll width of a wide table. */
export function Table({ className, fits = false, 'aria-label': label, ...rest }: HTMLAttributes<HTMLTableElement> & { fits?: boolean }) {
  return (
    <div className="w-full overflow-x-auto rounded-xl border border-slate-800" role="region" aria-label={label} tabIndex={0}>
      <table
        className={cn('w-full border-collapse text-left text-sm', fits ? 'sm:min-w-[36rem]' : 'min-w-[36rem]', className)}
        aria-label={label}
        {...rest}
      />
    </div>
  );
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-slate-800/80 text-slate-200', className)} {...rest} />;
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-800', className)} {...rest} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('odd:bg-slate-900/60', className)} {...rest} />;
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-3 py-2.5 font-semibold whitespace-nowrap', className)} {...rest} />;
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-2.5 whitespace-nowrap text-slate-100', className)} {...rest} />;
}

/** One full-width row saying there is nothing to show. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-8 text-center text-slate-400">
        {children}
      </td>
    </tr>
  );
}
