import { Suspense, lazy, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  LazyMenuRoot,
} from '@/components/ui/dropdown-menu';
import { KeyIcon, LogoutIcon, RefreshIcon } from '@/components/ui/more-icons';
import type { MenuImplProps } from '@/components/ui/lazy-menu';
import { toastError } from '@/components/ui/toast-store';
import { refreshAll } from '@/lib/query-client';
import { useAuth } from '@/lib/api/player-info';
import { useLogout } from '../api/logout';

// the form and its schema load only when the player asks to change the password
const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));

/** Refresh (SPEC.md §4), change password (a dialog) and logout (red), SPEC.md §2. */
export default function UserMenuContent(props: MenuImplProps) {
  const { t } = useTranslation();
  const { player } = useAuth();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  // stays mounted once opened: the success dialog outlives the form dialog
  const [dialogLoaded, setDialogLoaded] = useState(false);
  return (
    <>
      <LazyMenuRoot {...props}>
        <DropdownMenuContent>
          <DropdownMenuLabel>{player?.displayName}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem data-testid="menu-refresh" onSelect={() => void refreshAll(queryClient)}>
            <RefreshIcon className="h-4 w-4" />
            {t('nav.refresh')}
          </DropdownMenuItem>
          <DropdownMenuItem
            data-testid="menu-change-password"
            onSelect={() => {
              setDialogLoaded(true);
              setDialogOpen(true);
            }}
          >
            <KeyIcon className="h-4 w-4" />
            {t('nav.change_password')}
          </DropdownMenuItem>
          <DropdownMenuItem
            data-testid="menu-logout"
            className="text-red-400 data-[highlighted]:bg-red-950 data-[highlighted]:text-red-300"
            disabled={logout.isPending}
            onSelect={() => logout.mutate(undefined, { onError: (err) => toastError(err) })}
          >
            <LogoutIcon className="h-4 w-4" />
            {t('nav.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </LazyMenuRoot>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      )}
    </>
  );
}
