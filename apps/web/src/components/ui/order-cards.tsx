import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';

export interface OrderHistoryRow {
  id: string;
  transactionCode: string;
  createdAt: string;
  providerId: string;
}

/** How one order of a history is shown: its amount, its status badge, a line under it (a rejection's reason), its details. */
export interface OrderView<T> {
  amount: (row: T) => { value: string; currency: 'LAK' | 'THB' | 'USD' };
  status: (row: T) => ReactNode;
  note?: (row: T) => ReactNode;
  /** what is behind the order: a lazy component, so its code is not on the history's first page */
  Details: ComponentType<{ row: T }>;
}

/**
 * The histories on a phone: one card per order with its code, date, provider,
 * amount and status in view; a tap (or Enter) opens its details.
 */
export function OrderCards<T extends OrderHistoryRow>({
  ns,
  rowTestId,
  items,
  view,
}: {
  ns: string;
  rowTestId: string;
  items: T[];
  view: OrderView<T>;
}) {
  const { t } = useTranslation([ns, 'wallet']);
  return (
    <ul className="flex flex-col gap-2">
      {items.map((o) => {
        const a = view.amount(o);
        return (
          <li
            key={o.id}
            data-testid={rowTestId}
            data-code={o.transactionCode}
            className="rounded-xl border border-slate-800 bg-slate-900/60"
          >
            <details>
              <summary className="flex cursor-pointer list-none flex-col gap-1 rounded-xl p-3 focus-visible:outline-2 focus-visible:outline-amber-300 [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-mono text-sm text-slate-100">{o.transactionCode}</span>
                  {view.status(o)}
                </span>
                <span className="flex items-baseline justify-between gap-2">
                  <span className="text-xs text-slate-400">
                    {formatDateTime(o.createdAt)} · {t(`wallet:providers.${o.providerId}`)}
                  </span>
                  <strong className="text-base whitespace-nowrap text-white tabular-nums">{formatMoney(a.value, a.currency)}</strong>
                </span>
                {view.note?.(o)}
              </summary>
              <Suspense>
                <view.Details row={o} />
              </Suspense>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
