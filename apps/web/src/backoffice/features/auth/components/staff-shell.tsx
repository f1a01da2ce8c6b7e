import { useState } from 'react';
import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog as RadixDialog } from 'radix-ui';
import { MenuIcon } from '@/components/ui/icons';
import { CloseIcon, LogoutIcon } from '@/components/ui/more-icons';
import { meQueryOptions } from '../api/get-me';
import { useStaffLogout } from '../api/logout';
import { STAFF_LOGIN_PATH } from '@/backoffice/lib/api';
import { menuFor, type MenuItem } from '@/backoffice/lib/screens';

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const me = useQuery(meQueryOptions).data;
  // the back office's router registers no types (the player site's does): its context read as router.tsx made it
  const { menu } = useRouter().options.context as unknown as { menu: readonly MenuItem[] };
  if (!me) return null;
  return (
    <ul className="flex flex-col gap-1">
      {menuFor(menu, me.staff.role).map((item) => (
        <li key={item.path}>
          <Link
            to={item.path}
            onClick={onNavigate}
            data-testid={`nav-${item.path.slice(1) || 'home'}`}
            activeOptions={{ exact: item.path === '/' }}
            className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-slate-300 hover:bg-slate-800 hover:text-white data-[status=active]:bg-slate-800 data-[status=active]:text-amber-300"
          >
            <item.icon className="h-5 w-5 shrink-0" />
            <span>{t(item.label)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Who() {
  const { t } = useTranslation();
  const me = useQuery(meQueryOptions).data;
  const logout = useStaffLogout();
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-800 pt-3">
      <p className="px-3 text-sm">
        <span className="block truncate font-medium text-slate-100" data-testid="staff-username">
          {me.staff.username}
        </span>
        <span className="text-slate-400" data-testid="staff-role">
          {t(`roles.${me.staff.role}`)}
        </span>
      </p>
      <button
        type="button"
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ href: STAFF_LOGIN_PATH }) })}
        className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-left text-slate-300 hover:bg-slate-800 hover:text-white"
        data-testid="staff-logout"
      >
        <LogoutIcon className="h-5 w-5" />
        {t('logout')}
      </button>
    </div>
  );
}

/** The signed-in shell: a side bar on a desk, a drawer behind the menu button on a phone. */
export function StaffShell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-1">
      <nav
        aria-label={t('nav.label')}
        className="hidden w-60 shrink-0 flex-col justify-between border-r border-slate-800 p-3 lg:flex"
        data-testid="staff-sidebar"
      >
        <NavLinks />
        <Who />
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center border-b border-slate-800 px-2 py-1 lg:hidden">
          <RadixDialog.Root open={open} onOpenChange={setOpen}>
            <button
              type="button"
              onClick={() => setOpen(true)}
              aria-label={t('nav.open')}
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800"
              data-testid="staff-menu"
            >
              <MenuIcon className="h-6 w-6" />
            </button>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
              <RadixDialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-r border-slate-700 bg-slate-900 p-4 text-slate-100 shadow-2xl"
              >
                <div className="flex items-center justify-between">
                  <RadixDialog.Title className="text-lg font-semibold">{t('nav.label')}</RadixDialog.Title>
                  <RadixDialog.Close
                    aria-label={t('actions.close')}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800"
                  >
                    <CloseIcon className="h-5 w-5" />
                  </RadixDialog.Close>
                </div>
                <nav
                  aria-label={t('nav.label')}
                  className="flex flex-1 flex-col justify-between overflow-y-auto"
                  data-testid="staff-drawer"
                >
                  <NavLinks onNavigate={() => setOpen(false)} />
                  <Who />
                </nav>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </div>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
