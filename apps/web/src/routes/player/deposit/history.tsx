import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { usePageSearch, validatePageSearch } from '@/lib/page-search';
import { DepositHistory } from '@/features/deposits/components/deposit-history';

export const Route = createFileRoute('/player/deposit/history')({
  validateSearch: validatePageSearch,
  component: DepositHistoryPage,
});

function DepositHistoryPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePageSearch('/player/deposit/history');
  return (
    <>
      <PageHeading>{t('pages.deposit_history')}</PageHeading>
      <DepositHistory page={page} pageSize={pageSize} />
    </>
  );
}
