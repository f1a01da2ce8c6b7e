import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { menuOf, type MenuItem } from './lib/screens';
import { routeTree } from './routeTree.gen';

/**
 * The back office's router: its file routes (routes/, generated into routeTree.gen.ts), under /backoffice.
 * The menu is read from the routes once the router has resolved their paths, into the array the context holds.
 */
export function createStaffRouter(queryClient: QueryClient) {
  const menu: MenuItem[] = [];
  const router = createRouter({ routeTree, basepath: '/backoffice', context: { queryClient, menu }, defaultPreload: 'intent' });
  menu.push(...menuOf(Object.values(router.routesById)));
  return router;
}
