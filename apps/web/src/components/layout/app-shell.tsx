import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@/lib/when-idle';
import { pageTitle } from '@/lib/page-title';
import { useShellDrawn } from '@/lib/shell-after-page';
import { BottomBar } from './bottom-bar';
import { Header } from './header';

// Radix dialog and toast code stays out of the first bundle: the drawer loads on intent, the toaster once the first page is shown and the browser idle.
const loadDrawer = () => import('./side-drawer');
const SideDrawer = lazy(loadDrawer);
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));
// The footer (with the six bank logos) is below the fold: it loads on its own and appears once the first
// page has rendered, under it, instead of being pushed down the screen when the page arrives (layout shift).
const loadFooter = () => import('./footer').then((m) => m.Footer);
// The agency's announcements (decision 174): their read and banner load once the first page is shown.
const AnnouncementBanner = lazy(() => import('./announcement-banner'));
// The back-to-top button shows after 500 px of scroll, never on the first render: it arrives with the
// footer (one chunk, vite.config.ts) once the first page is shown (docs/decisions/185).
const BackToTop = lazy(() => import('./back-to-top').then((m) => ({ default: m.BackToTop })));

/**
 * SPEC.md §2 root layout: header, page, bottom app bar, drawer, footer, scroll-to-top. The signed-in
 * player's menu is the auth feature's: the route that renders the shell passes it in (shared code does
 * not import features).
 */
export function AppShell({ children, userMenu }: { children: ReactNode; userMenu: (displayName: string) => ReactNode }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const settled = useRouterState({ select: (s) => s.status === 'idle' });
  // shown from the first render when the router has settled before it (main.tsx renders once it has):
  // set during a render, it would draw the shell a second time in the same task
  const [footerShown, setFooterShown] = useState(settled);
  if (settled && !footerShown) setFooterShown(true);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // a page drawn afresh first: its header's contents and the bottom bar a task later (decision 203)
  const shellDrawn = useShellDrawn();
  const title = pageTitle(t, path);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col">
      {/* the first stop of the keyboard: straight to the page, past the header */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-amber-400 focus:px-4 focus:py-2 focus:font-semibold focus:text-slate-950"
        data-testid="skip-link"
      >
        {t('nav.skip')}
      </a>
      <Header
        drawn={shellDrawn}
        userMenu={userMenu}
        onDrawerIntent={() => void loadDrawer()}
        onOpenDrawer={() => {
          setDrawerLoaded(true);
          setDrawerOpen(true);
        }}
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-8 outline-none sm:px-6 sm:pt-6">
        {footerShown && (
          <WhenIdle>
            <AnnouncementBanner />
          </WhenIdle>
        )}
        {children}
      </main>
      {footerShown && <LateFooter />}
      {shellDrawn && <BottomBar />}
      {footerShown && (
        <Suspense fallback={null}>
          <BackToTop />
        </Suspense>
      )}
      {/* one boundary each: the toaster's chunk loading must never hide an open drawer (a suspended
          boundary hides what it already shows) */}
      <Suspense fallback={null}>{drawerLoaded && <SideDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />}</Suspense>
      {footerShown && (
        <WhenIdle>
          <Toaster />
        </WhenIdle>
      )}
    </div>
  );
}

/**
 * The footer, asked for once the shell has been committed rather than while it renders: a dynamic import
 * runs Vite's preload helper (it reads the document's links and adds its own), which would lengthen the
 * first render's task on a slow phone (docs/decisions/086). A chunk that fails to load leaves the page
 * without its footer (Vite's preload error reloads the page once, lib/chunk-reload.ts).
 */
function LateFooter() {
  const [Footer, setFooter] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    loadFooter().then(
      (loaded) => live && setFooter(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Footer ? <Footer /> : null;
}

/**
 * A lazy piece (the toaster, the announcements' banner), once the first page is on screen and the browser
 * is idle: it never competes with it. The wait is this component's own state, so that its end renders the
 * piece alone, not the whole shell.
 */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return <Suspense fallback={null}>{idle && children}</Suspense>;
}
