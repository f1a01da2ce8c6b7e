import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';

/** Full-screen spinner with the logo while a route loads (shown after 1000 ms, for at least 500 ms). */
export function PendingScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-slate-950/90"
      data-testid="pending-screen"
    >
      <Logo className="h-16 w-16 animate-pulse" />
      <Spinner className="h-6 w-6 text-amber-400" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
