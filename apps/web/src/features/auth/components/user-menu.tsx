import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, KeyIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toastError } from '@/components/ui/toast';
import { useLogout } from '../api/logout';

// the form and its schema load only when the player asks to change the password
const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));

/** SPEC.md §2: displayName, change password (a dialog) and logout (red). */
export function UserMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [dialogOpen, setDialogOpen] = useState(false);
  // stays mounted once opened: the success dialog outlives the form dialog
  const [dialogLoaded, setDialogLoaded] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`${t('nav.user_menu')}: ${displayName}`}
          className="inline-flex h-10 max-w-[9rem] items-center gap-1.5 rounded-lg border border-slate-700 px-2 text-sm text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300 sm:max-w-[14rem]"
          data-testid="user-menu"
        >
          <UserIcon className="h-5 w-5 shrink-0 text-amber-300" />
          <span className="truncate font-medium">{displayName}</span>
          <ChevronDownIcon className="h-4 w-4 shrink-0" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="normal-case">{displayName}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => {
              setDialogLoaded(true);
              setDialogOpen(true);
            }}>
            <KeyIcon className="h-4 w-4" />
            {t('nav.change_password')}
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-red-400 data-[highlighted]:bg-red-950 data-[highlighted]:text-red-300"
            disabled={logout.isPending}
            onSelect={() => logout.mutate(undefined, { onError: (err) => toastError(err) })}
          >
            <LogoutIcon className="h-4 w-4" />
            {t('nav.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      )}
    </>
  );
}
