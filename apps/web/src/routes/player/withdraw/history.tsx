import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageHeading } from '@/components/ui/page-heading';
import { WithdrawHistory } from '@/features/withdrawals/components/withdraw-history';

/** `?page&pageSize`, both optional: a bad or missing value means the first page of 10. */
const searchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/player/withdraw/history')({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  component: WithdrawHistoryPage,
});

function WithdrawHistoryPage() {
  const { t } = useTranslation();
  const { page = 1, pageSize = 10 } = Route.useSearch();
  return (
    <>
      <PageHeading>{t('pages.withdraw_history')}</PageHeading>
      <WithdrawHistory page={page} pageSize={pageSize} />
    </>
  );
}
