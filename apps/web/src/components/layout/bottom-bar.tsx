import { Suspense, lazy, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { BankIcon, ChatIcon, DepositIcon, GameIcon, WithdrawIcon } from '@/components/ui/icons';
import { isActive } from '@/lib/active-route';
import { HrefLink } from './nav-link';

const loadContactDrawer = () => import('./contact-drawer');
const ContactDrawer = lazy(loadContactDrawer);

const TAB = 'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-[11px] leading-tight font-medium';

/** SPEC.md §2: only at widths up to 576 px. */
export function BottomBar() {
  const { t } = useTranslation();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [contactOpen, setContactOpen] = useState(false);
  const [contactLoaded, setContactLoaded] = useState(false);
  const tab = (href: string, label: string, Icon: typeof BankIcon) => {
    const on = isActive(path, href);
    return (
      <HrefLink href={href} active={on} className={cn(TAB, on ? 'text-amber-300' : 'text-slate-300')}>
        <Icon className="h-6 w-6" />
        <span>{t(label)}</span>
      </HrefLink>
    );
  };
  return (
    <nav
      aria-label={t('nav.bottom')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-800 bg-slate-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur min-[577px]:hidden"
      data-testid="bottom-bar"
    >
      <div className="relative flex items-stretch">
        {tab('/player/deposit', 'nav.deposit', DepositIcon)}
        {tab('/player/withdraw', 'nav.withdraw', WithdrawIcon)}
        <div className="flex flex-1 justify-center">
          <HrefLink
            href="/player/game/alphabet"
            active={isActive(path, '/player/game/alphabet')}
            aria-label={t('nav.play_home')}
            data-testid="bottom-home"
            className="-mt-6 inline-flex h-16 w-16 items-center justify-center rounded-full border-4 border-slate-950 bg-gradient-to-b from-amber-300 to-amber-500 text-slate-950 shadow-lg shadow-amber-500/30"
          >
            <GameIcon className="h-8 w-8" />
          </HrefLink>
        </div>
        {tab('/player/bank', 'nav.bank', BankIcon)}
        <button
          type="button"
          className={cn(TAB, 'text-slate-300')}
          aria-haspopup="dialog"
          aria-expanded={contactOpen}
          data-testid="bottom-contact"
          onTouchStart={() => void loadContactDrawer()}
          onClick={() => {
            setContactLoaded(true);
            setContactOpen(true);
          }}
        >
          <ChatIcon className="h-6 w-6" />
          <span>{t('nav.contact')}</span>
        </button>
      </div>
      {contactLoaded && (
        <Suspense fallback={null}>
          <ContactDrawer open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      )}
    </nav>
  );
}
