import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { rootRoute } from './routes/__root';
import { appRoute } from './routes/_app';
import { attentionRoute } from './routes/attention';
import { auditRoute } from './routes/audit';
import { enrolRoute } from './routes/enrol';
import { exportsRoute } from './routes/exports';
import { homeRoute } from './routes/index';
import { loginRoute } from './routes/login';
import { passwordRoute } from './routes/password';
import { playerRoute } from './routes/player';
import { playersRoute } from './routes/players';
import { newPromotionRoute, promotionRoute, promotionUsagesRoute, promotionsRoute } from './routes/promotions';
import { qrInspectRoute } from './routes/qr-inspect';
import { ratesRoute } from './routes/rates';
import { settingsRoute } from './routes/settings';
import { staffUsersRoute } from './routes/staff-users';
import { withdrawalsRoute } from './routes/withdrawals';

// signed-in screens are children of appRoute (the shell: /me checked, the navigation of nav.ts), one line each
const routeTree = rootRoute.addChildren([
  loginRoute,
  enrolRoute,
  appRoute.addChildren([
    homeRoute,
    passwordRoute,
    staffUsersRoute,
    auditRoute,
    playersRoute,
    playerRoute,
    ratesRoute,
    withdrawalsRoute,
    settingsRoute,
    attentionRoute,
    exportsRoute,
    qrInspectRoute,
    promotionsRoute,
    newPromotionRoute,
    promotionRoute,
    promotionUsagesRoute,
  ]),
]);

/** The back office's router: its own routes (code-based, few), under /backoffice. */
export function createStaffRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/backoffice', context: { queryClient }, defaultPreload: 'intent' });
}
