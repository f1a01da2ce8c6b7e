import { useTranslation } from 'react-i18next';
import { STAFF_LANGUAGES, setStaffLanguage } from '@/backoffice/lib/i18n';

/** The language switch (Lao or English), in the header of every page. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language')} className="flex gap-1">
      {STAFF_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          aria-pressed={i18n.language === lng}
          onClick={() => setStaffLanguage(lng)}
          className="min-h-9 rounded-md px-2 py-1 text-sm uppercase text-slate-300 aria-pressed:bg-slate-800 aria-pressed:text-amber-300"
        >
          {lng}
        </button>
      ))}
    </div>
  );
}
