import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { FIELDS_NS, fieldReasonKey, staffErrorKey } from '@/backoffice/lib/errors';

/**
 * A failed call's translated reason, announced (nothing when the call has not failed). With
 * `reason`, a field error that says more than the code (the deposit is no longer FAILED, the bank
 * reference is used) is shown instead: for actions whose form has no field to show it next to.
 */
export function CallError({
  error,
  testId,
  className,
  reason = false,
}: {
  error: unknown;
  testId?: string;
  className?: string;
  reason?: boolean;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  const detail = reason ? fieldReasonKey(error) : undefined;
  return (
    <p role="alert" className={cn('text-sm text-red-300', className)} data-testid={testId}>
      {detail ? t(detail, { ns: FIELDS_NS }) : t(staffErrorKey(error))}
    </p>
  );
}
