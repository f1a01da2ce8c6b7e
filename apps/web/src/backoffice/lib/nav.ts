import type { ComponentType } from 'react';
import { MONEY_ROLES, OWNER_ONLY, STAFF_ROLES, type StaffRole } from '@app/contracts';
import {
  AlertIcon,
  ChatIcon,
  DepositIcon,
  GiftIcon,
  HistoryIcon,
  HomeIcon,
  KeyIcon,
  SearchIcon,
  SlidersIcon,
  UserIcon,
  WalletIcon,
  WithdrawIcon,
} from '@/components/ui/icons';

/**
 * The back office's navigation, one line per screen: its path, its label (a key of the `common`
 * namespace's `nav`), the roles that see it and its icon. The server refuses what a role may not do
 * (plugins/staff-access.ts); this only hides it, and sends a role away from a screen it may not use
 * (lib/access.ts, `onlyFor`). Each screen's author adds its line here, with the roles of the
 * server routes the screen calls.
 */
export interface NavItem {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  icon: ComponentType<{ className?: string }>;
}

// the roles as the server's routes declare them (@app/contracts, DESIGN.md §9)
const ALL = STAFF_ROLES;
const MONEY = MONEY_ROLES;
const OWNER = OWNER_ONLY;

export const NAV: readonly NavItem[] = [
  { path: '/', label: 'nav.home', roles: MONEY, icon: HomeIcon },
  { path: '/withdrawals', label: 'nav.withdrawals', roles: MONEY, icon: WithdrawIcon },
  { path: '/attention', label: 'nav.attention', roles: MONEY, icon: AlertIcon },
  { path: '/reconciliation', label: 'nav.reconciliation', roles: MONEY, icon: HistoryIcon },
  { path: '/players', label: 'nav.players', roles: ALL, icon: UserIcon },
  { path: '/rates', label: 'nav.rates', roles: MONEY, icon: WalletIcon },
  { path: '/promotions', label: 'nav.promotions', roles: MONEY, icon: GiftIcon },
  { path: '/reports', label: 'nav.reports', roles: MONEY, icon: WalletIcon },
  { path: '/announcements', label: 'nav.announcements', roles: MONEY, icon: ChatIcon },
  { path: '/exports', label: 'nav.exports', roles: MONEY, icon: DepositIcon },
  { path: '/qr', label: 'nav.qr', roles: ALL, icon: SearchIcon },
  { path: '/settings', label: 'nav.settings', roles: OWNER, icon: SlidersIcon },
  { path: '/alerts', label: 'nav.alerts', roles: OWNER, icon: ChatIcon },
  { path: '/staff', label: 'nav.staff', roles: OWNER, icon: UserIcon },
  { path: '/audit', label: 'nav.audit', roles: OWNER, icon: HistoryIcon },
  { path: '/password', label: 'nav.password', roles: ALL, icon: KeyIcon },
];

/** Where a signed-in staff member without a second factor goes first (a path outside the player's typed routes). */
export const ENROL_PATH: string = '/enrol';

export const navFor = (role: StaffRole) => NAV.filter((item) => item.roles.includes(role));

/** Whether `role` may use the screen at `path` (a path without a nav line is open to every role). */
export const mayOpen = (role: StaffRole, path: string) => NAV.find((item) => item.path === path)?.roles.includes(role) ?? true;

/** A role's home: the first screen of its navigation (support: the players; owner and finance: the dashboard). */
export const homeFor = (role: StaffRole) => navFor(role)[0]?.path ?? '/password';
