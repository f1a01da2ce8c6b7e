// TanStack Router's pending screen (SPEC.md §9: after 1000 ms, for at least 500 ms) on the renderer that
// ships. The page being left reads the router (useSearch), as the site's pages do. On React 19 this
// passes; on Preact 11.2 compat it fails (decision 018): when the new route suspends, Preact parks the
// old page under the Suspense boundary but still runs the old page's queued re-render; its useSearch
// throws "Could not find an active match", the route's error boundary catches it and re-renders,
// which unmounts the suspending component, which ends the suspension: no fallback, an empty outlet.
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, useSearch, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';

/** Navigates from a page that reads its search params (`strict` or not) to a slow route. */
async function leaveForSlowRoute(strict: boolean) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const around = (Tag: 'main' | 'section') =>
    function Around() {
      return (
        <Tag>
          <Outlet />
        </Tag>
      );
    };
  const root = createRootRoute({ component: around('main') });
  const layout = createRoute({ getParentRoute: () => root, id: 'layout', component: around('section') });
  // the page reads its search strictly (throws once its route is unmatched) or leniently, as the site does;
  // the test's tree is not the site's registered one, hence the casts
  const usePage: () => number = strict
    ? () => (home.useSearch() as { page: number }).page
    : () => (useSearch({ from: home.id as never, shouldThrow: false }) as { page: number } | undefined)?.page ?? 1;
  const home = createRoute({
    getParentRoute: () => layout,
    path: '/',
    validateSearch: (search: Record<string, unknown>) => ({
      page: Number(search.page ?? 1),
    }),
    component: function Home() {
      return <p>home, page {usePage()}</p>;
    },
  });
  const slow = createRoute({
    getParentRoute: () => layout,
    path: '/slow',
    loader: () => gate,
    component: () => <p>slow page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([home, slow])]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultPendingMs: 200,
    defaultPendingMinMs: 100,
    defaultPendingComponent: () => <p>pending…</p>,
    defaultErrorComponent: ({ error }) => <p>error {String(error)}</p>,
  });
  await router.load();
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('home, page 1')).toBeTruthy();
  // (history, not <Link>: this tree is not the site's registered route tree)
  await act(async () => router.history.push('/slow'));
  // the loader is still waiting on the gate: only the pending component can be on screen
  expect(await screen.findByText('pending…', {}, { timeout: 1000 })).toBeTruthy();
  open();
  expect(await screen.findByText('slow page', {}, { timeout: 2000 })).toBeTruthy();
}

describe('the router shows its pending component while a slow route loads', () => {
  it('after pendingMs, before the loader is done, then the page (the site reads with shouldThrow: false)', () => leaveForSlowRoute(false));
  // The compat gap of decision 018, kept as a known failure: when a Preact release fixes it this test
  // starts to "fail", and the lint rule against strict route reads can go.
  it.fails('not when the page being left reads strictly (Preact 11.2 Suspense gap)', () => leaveForSlowRoute(true));
});
