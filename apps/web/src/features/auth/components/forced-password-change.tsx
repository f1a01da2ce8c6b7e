import { Suspense, lazy } from 'react';
import { useLogout } from '../api/logout';

const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));

/**
 * Staff reset the player's password (decision 055): the server answers nothing but the change until
 * the player chooses a new one, so the player pages give way to the change-password form, which
 * cannot be closed; logout is the only other way out.
 */
export function ForcedPasswordChange() {
  const logout = useLogout();
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog open onOpenChange={() => {}} required={{ onLogout: () => logout.mutate() }} />
    </Suspense>
  );
}
