import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOLING_OFF_PERIODS, SELF_EXCLUSION_PERIODS, type Exclusion, type ExclusionPeriod } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { errorKey, toast } from '@/components/ui/toast-store';
import { newAttemptKey } from '@/lib/attempt-key';
import { formatDateTime } from '@/lib/format';
import { useExclude } from '../api/limit-changes';

/**
 * Cooling-off (24 h, 7 d, 30 d) and self-exclusion (6 months, 1 year, for good). Each is confirmed
 * twice; once in force it is only shown: neither the player nor staff can end it early (decision 160).
 */
export function ExclusionCard({ exclusion }: { exclusion: Exclusion | null }) {
  const { t } = useTranslation('limits');
  const exclude = useExclude();
  const [asked, setAsked] = useState<{ period: ExclusionPeriod; step: 1 | 2 } | null>(null);
  const [attempt, setAttempt] = useState(newAttemptKey);

  if (exclusion) {
    const text =
      exclusion.endsAt === null
        ? t('exclusion.active_forever')
        : t(`exclusion.active_${exclusion.kind}`, { until: formatDateTime(exclusion.endsAt) });
    return (
      <Card data-testid="exclusion-active">
        <CardTitle>{t('exclusion.title')}</CardTitle>
        <p className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100" role="status">
          {text}
        </p>
        <CardDescription className="mt-3">{t('exclusion.still_allowed')}</CardDescription>
      </Card>
    );
  }

  const confirm = () => {
    if (!asked) return;
    if (asked.step === 1) return setAsked({ ...asked, step: 2 });
    exclude.mutate(
      { period: asked.period, key: attempt },
      {
        onSuccess: () => {
          setAsked(null);
          setAttempt(newAttemptKey());
          toast({ variant: 'success', title: t('exclusion.done') });
        },
        onError: (err) => toast({ variant: 'error', title: t('exclusion.not_done'), description: t(errorKey(err)) }),
      },
    );
  };
  const group = (title: string, periods: readonly ExclusionPeriod[]) => (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-200">{title}</h3>
      <div className="grid grid-cols-3 gap-2">
        {periods.map((period) => (
          <Button key={period} variant="outline" onClick={() => setAsked({ period, step: 1 })} data-testid={`exclude-${period}`}>
            {t(`exclusion.period.${period}`)}
          </Button>
        ))}
      </div>
    </div>
  );
  return (
    <Card data-testid="exclusion">
      <CardTitle>{t('exclusion.title')}</CardTitle>
      <CardDescription>{t('exclusion.description')}</CardDescription>
      <div className="mt-4 flex flex-col gap-4">
        {group(t('exclusion.cooling_off'), COOLING_OFF_PERIODS)}
        {group(t('exclusion.self_exclusion'), SELF_EXCLUSION_PERIODS)}
      </div>
      <Dialog open={asked !== null} onOpenChange={(open) => !open && setAsked(null)}>
        {asked && (
          <DialogContent
            title={t(asked.step === 1 ? 'exclusion.confirm1_title' : 'exclusion.confirm2_title', {
              period: t(`exclusion.period.${asked.period}`),
            })}
            description={t(asked.step === 1 ? 'exclusion.confirm1_text' : 'exclusion.confirm2_text')}
          >
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">{t('exclusion.keep_playing')}</Button>
              </DialogClose>
              <Button variant="danger" loading={exclude.isPending} onClick={confirm} data-testid={`exclude-confirm-${asked.step}`}>
                {t(asked.step === 1 ? 'exclusion.confirm1' : 'exclusion.confirm2')}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}
