import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { playerInfoQueryKey } from '@/lib/api/player-info';
import { bankAccountsQueryOptions } from '@/lib/api/get-bank-accounts';
import { BankAccountCard } from '@/features/bank-accounts/components/bank-account-card';
import { BankAccountForm } from '@/features/bank-accounts/components/bank-account-form';

export const Route = createFileRoute('/player/bank')({
  loader: ({ context }) => context.queryClient.ensureQueryData(bankAccountsQueryOptions()),
  component: BankPage,
});

/**
 * The player's one bank account, or null before they add it. Here, in the page's chunk, not beside the
 * query's options, which the route's loader brings into the entry (docs/decisions/185).
 */
const useBankAccount = () => useSuspenseQuery({ ...bankAccountsQueryOptions(), select: (d) => d.bankAccounts[0] ?? null }).data;

/** SPEC.md §2: the player's one bank account, or the form to add it. */
function BankPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useBankAccount();
  return (
    <div className="mx-auto w-full max-w-lg">
      <PageHeading>{t('pages.bank')}</PageHeading>
      {account ? (
        <BankAccountCard account={account} />
      ) : (
        // the player info lists bank accounts too (promotions ask for one)
        <BankAccountForm onAdded={() => void queryClient.invalidateQueries({ queryKey: playerInfoQueryKey })} />
      )}
    </div>
  );
}
