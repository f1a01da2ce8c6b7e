import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { limitsQueryOptions, useLimits } from '@/features/responsible-play/api/limits';
import { DepositLimitsCard } from '@/features/responsible-play/components/deposit-limits-card';
import { ExclusionCard } from '@/features/responsible-play/components/exclusion-card';

export const Route = createFileRoute('/player/limits')({
  loader: ({ context }) => context.queryClient.ensureQueryData(limitsQueryOptions()),
  component: LimitsPage,
});

/** Responsible play, set by the player (docs/decisions/160-responsible-play.md). */
function LimitsPage() {
  const { t } = useTranslation(['common', 'limits']);
  const limits = useLimits();
  return (
    <div className="mx-auto w-full max-w-lg">
      <PageHeading>{t('pages.limits')}</PageHeading>
      <p className="mb-4 text-sm text-slate-300">{t('limits:intro')}</p>
      {/* the loader awaited the limits */}
      {limits.data && (
        <div className="flex flex-col gap-4">
          <DepositLimitsCard limits={limits.data.limits} />
          <ExclusionCard exclusion={limits.data.exclusion} />
        </div>
      )}
    </div>
  );
}
