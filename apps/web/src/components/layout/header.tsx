import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { DepositIcon, MenuIcon } from '@/components/ui/icons';
import { Brand } from '@/components/ui/logo';
import { useAuth } from '@/lib/api/player-info';
import { ContactMenu } from './contact-menu';
import { LanguageMenu } from './language-menu';

const HEADER = 'sticky top-0 z-40 border-b border-slate-800 bg-slate-950/90 backdrop-blur';
const ROW = 'mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:h-16 sm:px-4';

/** The header's box without its contents: what the first render of a page drawn afresh shows (lib/shell-after-page.ts). */
export function HeaderFrame() {
  return (
    <header className={HEADER} data-testid="header">
      <div className={ROW} />
    </header>
  );
}

/** SPEC.md §2 top navbar. "Small screens" are the bottom bar's: up to 576 px. */
export function Header({
  userMenu,
  onOpenDrawer,
  onDrawerIntent,
}: {
  userMenu: (displayName: string) => ReactNode;
  onOpenDrawer: () => void;
  onDrawerIntent: () => void;
}) {
  const { t } = useTranslation();
  const { status, player } = useAuth();
  return (
    <header className={HEADER} data-testid="header">
      <div className={ROW}>
        <button
          type="button"
          onClick={onOpenDrawer}
          onPointerEnter={onDrawerIntent}
          onFocus={onDrawerIntent}
          onTouchStart={onDrawerIntent}
          aria-label={t('nav.open_menu')}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
          data-testid="drawer-open"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        <Link to="/" aria-label={t('brand_home')} className="mr-auto rounded-lg focus-visible:outline-2 focus-visible:outline-amber-300">
          <Brand className="[&>span:last-child]:max-[400px]:hidden" />
        </Link>
        {status === 'loggedIn' && (
          <Link
            to="/player/deposit"
            activeOptions={{ exact: true, includeSearch: false }}
            className={buttonClass('primary', 'sm', 'max-[577px]:hidden')}
            data-testid="header-deposit"
          >
            <DepositIcon className="h-4 w-4" />
            {t('nav.deposit')}
          </Link>
        )}
        <LanguageMenu />
        <ContactMenu />
        {status === 'loggedIn' && player && userMenu(player.displayName)}
        {status === 'loggedOut' && (
          <>
            <Link to="/login" className={buttonClass('ghost', 'sm')} data-testid="header-login">
              {t('nav.login')}
            </Link>
            <Link to="/register" className={buttonClass('primary', 'sm', 'max-[577px]:hidden')} data-testid="header-register">
              {t('nav.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
