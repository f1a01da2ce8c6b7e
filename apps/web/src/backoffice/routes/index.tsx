import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../money/dashboard-page';
import { rootRoute } from './__root';

/** The signed-in home: the dashboard (owner, finance); the queue is at /withdrawals. */
export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: DashboardPage });
