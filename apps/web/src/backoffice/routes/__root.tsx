import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/ui/logo';
import { STAFF_LANGUAGES, setStaffLanguage } from '../lib/i18n';

export interface StaffRouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<StaffRouterContext>()({ component: StaffFrame });

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

/** The back office's frame: the brand, the language, the page (the signed-in shell is routes/_app.tsx). */
function StaffFrame() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-800 bg-slate-950" data-testid="backoffice-header">
        <div className="flex h-14 items-center gap-3 px-4">
          <Brand />
          <span className="mr-auto text-sm text-slate-400">{t('title')}</span>
          <LanguageSwitch />
        </div>
      </header>
      <Outlet />
    </div>
  );
}
