import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@app/contracts';
import { BankLogo } from '@/components/ui/bank-logo';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

/** The player's one bank account; it changes only through staff (SPEC.md §5). */
export function BankAccountCard({ account }: { account: BankAccount }) {
  const { t } = useTranslation(['wallet', 'common']);
  const rows: [string, string][] = [
    [t('bank.account_number'), account.accountNumber],
    [t('bank.account_name'), account.accountName],
    [t('bank.currency'), t('bank.currency_lak')],
    [t('bank.added_on'), formatDateTime(account.createdAt)],
  ];
  return (
    <Card data-testid="bank-account">
      <CardTitle>{t('bank.your_account')}</CardTitle>
      <div className="mb-4 flex items-center gap-3">
        <BankLogo bank={account.bank} />
        <span className="font-semibold text-white">{t(`common:banks.${account.bank}`)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd className="font-medium wrap-anywhere text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <CardDescription className="mt-4">{t('bank.change_note')}</CardDescription>
    </Card>
  );
}
