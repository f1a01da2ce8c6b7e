import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../money/dashboard-page';
import { appRoute } from './_app';

/** The signed-in home: the dashboard (owner, finance); the queue is at /withdrawals. */
export const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: DashboardPage });
