import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';

/** The back office's router: its file routes (routes/, generated into routeTree.gen.ts), under /backoffice. */
export function createStaffRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/backoffice', context: { queryClient }, defaultPreload: 'intent' });
}
