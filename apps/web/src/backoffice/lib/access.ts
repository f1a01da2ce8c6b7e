import { redirect } from '@tanstack/react-router';
import type { StaffRole, StaffSessionResponse } from '@app/contracts';
import { homeFor, mayOpen, type MenuItem, type StaffScreen } from './screens';

interface GuardContext {
  context: { me: StaffSessionResponse; menu: readonly MenuItem[] };
}

const refuse = (menu: readonly MenuItem[], role: StaffRole) => {
  throw redirect({ to: homeFor(menu, role) });
};

/**
 * A screen's route options: its place in the menu (staticData) and its guard: a role that may not use
 * it goes to its own home instead (support from `/` to the players). The server refuses the screen's
 * calls anyway; this spares the 403s.
 *   createFileRoute('/_app/audit')({ ...screen({ label: 'nav.audit', icon, roles: OWNER_ONLY, order: 150 }), component })
 */
export const screen = (declared: StaffScreen) => ({
  staticData: { screen: declared },
  beforeLoad: ({ context }: GuardContext) => {
    if (!declared.roles.includes(context.me.staff.role)) refuse(context.menu, context.me.staff.role);
  },
});

/** The guard of a page under a screen (a player's detail, a promotion's form): the roles of the screen at `path`. */
export const onlyFor =
  (path: string) =>
  ({ context }: GuardContext) => {
    if (!mayOpen(context.menu, context.me.staff.role, path)) refuse(context.menu, context.me.staff.role);
  };
