import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/ui/logo';
import { STAFF_LANGUAGES, setStaffLanguage } from '../lib/i18n';
import { StaffLink } from '../lib/staff-link';

export interface StaffRouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<StaffRouterContext>()({ component: StaffLayout });

/** The back office's frame: the brand, the language (Lao or English), the page. */
function StaffLayout() {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-800 bg-slate-950" data-testid="backoffice-header">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Brand />
          <span className="hidden text-sm text-slate-400 sm:inline">{t('title')}</span>
          <nav aria-label={t('title')} className="mr-auto flex min-w-0 gap-1 overflow-x-auto text-sm">
            <StaffLink to="/" className="rounded-md px-2 py-1 whitespace-nowrap text-slate-300 hover:bg-slate-800">
              {t('nav.queue')}
            </StaffLink>
            <StaffLink
              to="/players"
              className="rounded-md px-2 py-1 whitespace-nowrap text-slate-300 hover:bg-slate-800"
              data-testid="nav-players"
            >
              {t('nav.players')}
            </StaffLink>
            <StaffLink
              to="/rates"
              className="rounded-md px-2 py-1 whitespace-nowrap text-slate-300 hover:bg-slate-800"
              data-testid="nav-rates"
            >
              {t('nav.rates')}
            </StaffLink>
          </nav>
          <div role="group" aria-label={t('language')} className="flex gap-1">
            {STAFF_LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="button"
                aria-pressed={i18n.language === lng}
                onClick={() => setStaffLanguage(lng)}
                className="rounded-md px-2 py-1 text-sm uppercase text-slate-300 aria-pressed:bg-slate-800 aria-pressed:text-amber-300"
              >
                {lng}
              </button>
            ))}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
