import { redirect } from '@tanstack/react-router';
import type { StaffSessionResponse } from '@app/contracts';
import { homeFor, mayOpen } from './nav';

/**
 * A screen's beforeLoad: a role that may not use it (its line in nav.ts) goes to its own home instead
 * (support from `/` to the players). The server refuses the screen's calls anyway; this spares the 403s.
 */
export const onlyFor =
  (path: string) =>
  ({ context }: { context: { me: StaffSessionResponse } }) => {
    const role = context.me.staff.role;
    if (!mayOpen(role, path)) throw redirect({ to: homeFor(role) });
  };
