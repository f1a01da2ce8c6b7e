import { useTranslation } from 'react-i18next';
import { convert, fromMinor, rateChangeBeyondBound, toMinor, type CurrencyRatesBody, type StaffCurrency } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';

/** what a sample amount of the currency buys: 100,000 kip, or 100 of a currency counted in larger units */
function sampleOf(currency: StaffCurrency['currency']) {
  return toMinor(currency === 'LAK' ? '100000' : '100', currency);
}

export interface RateConfirmProps {
  currency: StaffCurrency;
  /** the change asked for; the dialog is open while it is set */
  next: CurrencyRatesBody | null;
  boundPercent: number;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (body: CurrencyRatesBody) => void;
}

/**
 * A rate change asked twice: the old and new rates side by side, what 100,000 kip
 * buys at each, and whether the change is beyond the agency's bound and will wait for a second staff user.
 */
export function RateConfirm({ currency, next, boundPercent, saving, onCancel, onConfirm }: RateConfirmProps) {
  const { t } = useTranslation('rates');
  const sample = sampleOf(currency.currency);
  const buys = (sellRate: string) => formatMoney(fromMinor(convert('DEPOSIT', sample, { ...currency, sellRate }), 'THB'), 'THB');
  const beyond = next !== null && rateChangeBeyondBound(currency, next, boundPercent);
  const rows = next
    ? [
        [t('rates.buy'), currency.buyRate, next.buyRate],
        [t('rates.sell'), currency.sellRate, next.sellRate],
        [
          t('rates.confirm.buys', { amount: formatMoney(fromMinor(sample, currency.currency), currency.currency) }),
          buys(currency.sellRate),
          buys(next.sellRate),
        ],
      ]
    : [];
  return (
    <Dialog open={next !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent title={t('rates.confirm.title', { name: t(`common:currencies.${currency.code}`, { defaultValue: currency.code }) })}>
        <table className="w-full text-sm" data-testid="rate-confirm">
          <thead>
            <tr className="text-left text-slate-400">
              <th scope="col" className="py-1 font-normal" />
              <th scope="col" className="py-1 font-normal">
                {t('rates.confirm.now')}
              </th>
              <th scope="col" className="py-1 font-normal">
                {t('rates.confirm.new')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, was, will]) => (
              <tr key={label} className="border-t border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-300">
                  {label}
                </th>
                <td className="py-2 pr-2 font-mono">{was}</td>
                <td className="py-2 font-mono font-semibold text-amber-200">{will}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {beyond && (
          <p role="note" className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
            {t('rates.confirm.beyond', { percent: boundPercent })}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline" size="sm">
              {t('common:actions.cancel')}
            </Button>
          </DialogClose>
          <Button size="sm" loading={saving} onClick={() => next && onConfirm(next)} data-testid="rate-confirm-save">
            {beyond ? t('rates.confirm.ask') : t('rates.confirm.save')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
