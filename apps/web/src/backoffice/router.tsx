import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { rootRoute } from './routes/__root';
import { homeRoute } from './routes/index';
import { loginRoute } from './routes/login';
import { playerRoute } from './routes/player';
import { playersRoute } from './routes/players';
import { ratesRoute } from './routes/rates';
import { withdrawalsRoute } from './routes/withdrawals';

const routeTree = rootRoute.addChildren([homeRoute, loginRoute, playersRoute, playerRoute, ratesRoute, withdrawalsRoute]);

/** The back office's router: its own routes (code-based, few), under /backoffice. */
export function createStaffRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/backoffice', context: { queryClient }, defaultPreload: 'intent' });
}
