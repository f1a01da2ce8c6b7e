import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { DepositIcon, MenuIcon } from '@/components/ui/icons';
import { Brand } from '@/components/ui/logo';
import { useAuth } from '@/lib/api/player-info';
import { ContactMenu } from './contact-menu';
import { LanguageMenu } from './language-menu';

interface HeaderProps {
  userMenu: (displayName: string) => ReactNode;
  onOpenDrawer: () => void;
  onDrawerIntent: () => void;
}

/**
 * SPEC.md §2 top navbar. "Small screens" are the bottom bar's: up to 576 px. Its box is always drawn; its
 * contents once `drawn` (the first render of a page drawn afresh leaves them to the next task, lib/shell-after-page.ts).
 */
export function Header({ drawn, ...bar }: HeaderProps & { drawn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/90 backdrop-blur" data-testid="header">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:h-16 sm:px-4">{drawn && <HeaderBar {...bar} />}</div>
    </header>
  );
}

function HeaderBar({ userMenu, onOpenDrawer, onDrawerIntent }: HeaderProps) {
  const { t } = useTranslation();
  const { status, player } = useAuth();
  return (
    <>
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
    </>
  );
}
