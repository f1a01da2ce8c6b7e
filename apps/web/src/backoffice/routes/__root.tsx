import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/ui/logo';
import { LanguageSwitch } from '../components/language-switch';
import type { MenuItem } from '../lib/screens';

export interface StaffRouterContext {
  queryClient: QueryClient;
  /** the screens of the menu, read from the routes' staticData (router.tsx) */
  menu: readonly MenuItem[];
}

export const Route = createRootRouteWithContext<StaffRouterContext>()({ component: StaffFrame });

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
