import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { staffErrorKey } from '../lib/errors';

/** A failed call's translated reason, announced (nothing when the call has not failed). */
export function CallError({ error, testId, className }: { error: unknown; testId?: string; className?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className={cn('text-sm text-red-300', className)} data-testid={testId}>
      {t(staffErrorKey(error))}
    </p>
  );
}
