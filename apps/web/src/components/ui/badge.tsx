import type { ReactNode } from 'react';
import type { OrderStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export type BadgeTone = 'grey' | 'yellow' | 'green' | 'red' | 'blue';

const TONES: Record<BadgeTone, string> = {
  grey: 'bg-slate-700 text-slate-100',
  yellow: 'bg-yellow-400 text-slate-950',
  green: 'bg-emerald-500 text-slate-950',
  red: 'bg-red-600 text-white',
  blue: 'bg-sky-500 text-slate-950',
};

export function Badge({ tone = 'grey', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}>
      {children}
    </span>
  );
}

/** SPEC.md §4: OPEN grey, PAID yellow, SUCCESS green, CANCELED and FAILED red, anything else grey. */
export function orderStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'PAID':
      return 'yellow';
    case 'SUCCESS':
      return 'green';
    case 'CANCELED':
    case 'FAILED':
      return 'red';
    default:
      return 'grey';
  }
}

/** SPEC.md §4: REJECTED shows the same label as CANCELED. */
export function orderStatusLabelKey(status: OrderStatus): string {
  return `order_status.${status === 'REJECTED' ? 'CANCELED' : status}`;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('common');
  return <Badge tone={orderStatusTone(status)}>{t(orderStatusLabelKey(status))}</Badge>;
}
