import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../money/dashboard-page';
import { appRoute, onlyFor } from './_app';

/** The signed-in home: the dashboard (owner, finance); support goes to its first screen (the players). */
export const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', beforeLoad: onlyFor('/'), component: DashboardPage });
