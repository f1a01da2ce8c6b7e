import { useTranslation } from 'react-i18next';
import { staffErrorKey } from '../lib/errors';

/** A failed call's translated reason, announced (nothing when the call has not failed). */
export function CallError({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-300" data-testid={testId}>
      {t(staffErrorKey(error))}
    </p>
  );
}
