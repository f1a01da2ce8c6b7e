import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center" data-testid="not-found">
      <p className="text-6xl font-black text-amber-400" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold text-white">{t('not_found.title')}</h1>
      <p className="text-slate-300">{t('not_found.text')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('not_found.go_home')}
      </Link>
    </section>
  );
}
