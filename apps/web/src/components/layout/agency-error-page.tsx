import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';

/** SPEC.md §2: the host belongs to no agency (404 on agency info). */
export function AgencyErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center" data-testid="agency-error">
      <Logo className="h-16 w-16 opacity-80" />
      <h1 className="max-w-md text-xl font-semibold text-white">{t('agency_error.title')}</h1>
      <p className="text-slate-300">{t('agency_error.apology')}</p>
    </main>
  );
}
