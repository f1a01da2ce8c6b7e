import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { CloseIcon } from '@/components/ui/more-icons';
import { useAuth } from '@/lib/api/player-info';
import { isActive, isParentActive } from '@/lib/active-route';
import { useReturnFocus } from '@/lib/return-focus';
import { HrefLink } from './nav-link';
import { GUEST_ENTRIES, PLAYER_GROUP_1, PLAYER_GROUP_2, type NavEntry } from './nav-items';

/** SPEC.md §9: the drawer is 393 px wide (never wider than the screen). */
export const DRAWER_WIDTH_PX = 393;

function Entries({ entries, path }: { entries: readonly NavEntry[]; path: string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((e) => {
        const childHrefs = e.children?.map((c) => c.href) ?? [];
        const active = e.children ? isParentActive(path, childHrefs) : isActive(path, e.href);
        const Icon = e.icon;
        return (
          <li key={e.label}>
            <HrefLink
              href={e.href}
              active={active}
              className={cn(
                'flex items-center gap-3 rounded-xl px-4 py-3 text-base font-medium',
                active ? 'bg-amber-400/15 text-amber-300' : 'text-slate-100 hover:bg-slate-800',
              )}
            >
              <Icon className="h-5 w-5" />
              {t(e.label)}
            </HrefLink>
            {e.children && (
              <ul className="mt-1 ml-8 flex flex-col gap-0.5 border-l border-slate-700 pl-3">
                {e.children.map((c) => {
                  const on = isActive(path, c.href);
                  return (
                    <li key={c.href}>
                      <HrefLink
                        href={c.href}
                        active={on}
                        className={cn(
                          'block rounded-lg px-3 py-2 text-sm',
                          on ? 'bg-amber-400/15 font-semibold text-amber-300' : 'text-slate-300 hover:bg-slate-800',
                        )}
                      >
                        {c.raw ? c.label : t(c.label)}
                      </HrefLink>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function SideDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DrawerContent onOpenChange={onOpenChange}>
          <nav aria-label={t('nav.main')} className="mt-2">
            {status === 'loggedIn' ? (
              <>
                <Entries entries={PLAYER_GROUP_1} path={path} />
                <hr className="my-3 border-slate-700" data-testid="drawer-divider" />
                <Entries entries={PLAYER_GROUP_2} path={path} />
              </>
            ) : (
              <Entries entries={GUEST_ENTRIES} path={path} />
            )}
          </nav>
        </DrawerContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The panel; it mounts as the drawer opens, so it knows the opener to give the focus back to. */
function DrawerContent({ onOpenChange, children }: { onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus('[data-testid="drawer-open"]');
  return (
    <Dialog.Content
      aria-describedby={undefined}
      onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      // focus the panel, not the hidden close control, so that control stays out of sight
      onOpenAutoFocus={(e) => {
        returnFocus.onOpenAutoFocus(e);
        e.preventDefault();
        (e.currentTarget as HTMLElement).focus();
      }}
      // SPEC.md §2: a click anywhere inside closes the drawer (links navigate first)
      onClick={() => onOpenChange(false)}
      style={{ width: DRAWER_WIDTH_PX }}
      className="fixed inset-y-0 left-0 z-50 flex max-w-full flex-col overflow-y-auto border-r border-slate-800 bg-slate-950 p-4 shadow-2xl"
      data-testid="side-drawer"
    >
      <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
      <Dialog.Close
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:right-3 focus:rounded-lg focus:bg-slate-800 focus:p-2"
        aria-label={t('nav.close_menu')}
      >
        <CloseIcon className="h-5 w-5" />
      </Dialog.Close>
      {children}
    </Dialog.Content>
  );
}
