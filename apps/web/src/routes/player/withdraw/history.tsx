import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { usePageSearch, validatePageSearch } from '@/lib/page-search';
import { WithdrawHistory } from '@/features/withdrawals/components/withdraw-history';

export const Route = createFileRoute('/player/withdraw/history')({
  validateSearch: validatePageSearch,
  component: WithdrawHistoryPage,
});

function WithdrawHistoryPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePageSearch('/player/withdraw/history');
  return (
    <>
      <PageHeading>{t('pages.withdraw_history')}</PageHeading>
      <WithdrawHistory page={page} pageSize={pageSize} />
    </>
  );
}
