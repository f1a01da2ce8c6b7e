import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { DepositScreen } from '@/features/deposits/components/deposit-page';

export const Route = createFileRoute('/player/deposit/')({ component: DepositPage });

function DepositPage() {
  const { t } = useTranslation(['common', 'deposit']);
  return (
    <>
      <PageHeading
        actions={
          <Link to="/player/deposit/history" className="text-sm font-medium text-amber-300 underline-offset-4 hover:underline">
            {t('deposit:history.link')}
          </Link>
        }
      >
        {t('pages.deposit')}
      </PageHeading>
      <div className="mx-auto w-full max-w-lg">
        <DepositScreen />
      </div>
    </>
  );
}
