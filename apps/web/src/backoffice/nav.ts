import type { ComponentType } from 'react';
import type { StaffRole } from '@app/contracts';
import { GiftIcon, HistoryIcon, HomeIcon, KeyIcon, UserIcon, WalletIcon } from '@/components/ui/icons';

/**
 * The back office's navigation, one line per screen: its path, its label (a key of the `common`
 * namespace's `nav`), the roles that see it and its icon. The server refuses what a role may not do
 * (plugins/staff-access.ts); this only hides it. Each screen's author adds its line here.
 */
export interface NavItem {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  icon: ComponentType<{ className?: string }>;
}

const ALL: readonly StaffRole[] = ['owner', 'finance', 'support'];

export const NAV: readonly NavItem[] = [
  { path: '/', label: 'nav.home', roles: ['owner', 'finance'], icon: HomeIcon },
  { path: '/players', label: 'nav.players', roles: ALL, icon: UserIcon },
  { path: '/rates', label: 'nav.rates', roles: ['owner', 'finance'], icon: WalletIcon },
  { path: '/promotions', label: 'nav.promotions', roles: ['owner', 'finance'], icon: GiftIcon },
  { path: '/staff', label: 'nav.staff', roles: ['owner'], icon: UserIcon },
  { path: '/audit', label: 'nav.audit', roles: ['owner'], icon: HistoryIcon },
  { path: '/password', label: 'nav.password', roles: ALL, icon: KeyIcon },
];

/** Where a signed-in staff member without a second factor goes first (a path outside the player's typed routes). */
export const ENROL_PATH: string = '/enrol';

export const navFor = (role: StaffRole) => NAV.filter((item) => item.roles.includes(role));
