import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { playerInfoQueryKey } from '@/lib/api/player-info';
import { bankAccountsQueryOptions } from '@/lib/api/get-bank-accounts';
import { Spinner } from '@/components/ui/spinner';
import { useOnDemand } from '@/lib/use-on-demand';
import { BankAccountCard } from '@/features/bank-accounts/components/bank-account-card';
import { bankAccountFormChunk } from '@/features/bank-accounts/lib/bank-account-form-chunk';

export const Route = createFileRoute('/player/bank')({
  // the account (answered in the page's HTML), and the form's chunk only when there is none to show
  loader: async ({ context }) => {
    const { bankAccounts } = await context.queryClient.ensureQueryData(bankAccountsQueryOptions());
    if (bankAccounts.length === 0) await bankAccountFormChunk.load().catch(() => undefined);
  },
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
        <AddBankAccount onAdded={() => void queryClient.invalidateQueries({ queryKey: playerInfoQueryKey })} />
      )}
    </div>
  );
}

/** The form, from its chunk: in the first render when the loader awaited it, else once it arrives. */
function AddBankAccount({ onAdded }: { onAdded: () => void }) {
  const chunk = useOnDemand(bankAccountFormChunk);
  if (!chunk) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  return <chunk.BankAccountForm onAdded={onAdded} />;
}
