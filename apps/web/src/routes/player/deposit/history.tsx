import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { DepositHistory } from '@/features/deposits/components/deposit-history';

/** `?page&pageSize`, both optional: a bad or missing value means the first page of 10. */
function validateSearch(search: Record<string, unknown>): { page?: number; pageSize?: number } {
  const int = (v: unknown, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
  };
  const page = int(search.page, 100_000);
  const pageSize = int(search.pageSize, 100);
  return { ...(page ? { page } : {}), ...(pageSize ? { pageSize } : {}) };
}

export const Route = createFileRoute('/player/deposit/history')({
  validateSearch,
  component: DepositHistoryPage,
});

function DepositHistoryPage() {
  const { t } = useTranslation();
  const { page = 1, pageSize = 10 } = Route.useSearch();
  return (
    <>
      <PageHeading>{t('pages.deposit_history')}</PageHeading>
      <DepositHistory page={page} pageSize={pageSize} />
    </>
  );
}
