import type { ComponentType } from 'react';
import type { StaffRole } from '@app/contracts';

/**
 * A screen of the back office's menu, declared by its own route file (`...screen({…})`, lib/access.ts):
 * its label (`nav.<screen>` of the `common` namespace, or `<namespace>:nav`), its icon, the roles that
 * see it (those of the server routes it calls, from @app/contracts) and its place in the menu. The
 * menu is read from the routes (router.tsx), so a new screen is its route file and needs no list
 * elsewhere (decision 152). The server refuses what a role may not do (plugins/staff-access.ts); the
 * menu only hides it.
 */
export interface StaffScreen {
  label: string;
  icon: ComponentType<{ className?: string }>;
  roles: readonly StaffRole[];
  /** smallest first */
  order: number;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    screen?: StaffScreen;
  }
}

export interface MenuItem extends StaffScreen {
  path: string;
}

interface RouteLike {
  fullPath: string;
  options: { staticData?: { screen?: StaffScreen } };
}

/** The menu: every route that declares a screen, in its order (`/players/` read as `/players`). */
export function menuOf(routes: Iterable<RouteLike>): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    const screen = route.options.staticData?.screen;
    if (screen) items.push({ ...screen, path: route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, '') : route.fullPath });
  }
  return items.sort((a, b) => a.order - b.order);
}

/** Where a signed-in staff member without a second factor goes first (a path outside the player's typed routes). */
export const ENROL_PATH: string = '/enrol';

export const menuFor = (menu: readonly MenuItem[], role: StaffRole) => menu.filter((item) => item.roles.includes(role));

/** Whether `role` may use the screen at `path` (a path without a screen is open to every role). */
export const mayOpen = (menu: readonly MenuItem[], role: StaffRole, path: string) =>
  menu.find((item) => item.path === path)?.roles.includes(role) ?? true;

/** A role's home: the first screen of its menu (support: the players; owner and finance: the dashboard). */
export const homeFor = (menu: readonly MenuItem[], role: StaffRole) => menuFor(menu, role)[0]?.path ?? '/password';
