import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { BackToTop } from './back-to-top';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';

// Radix dialog and toast code stays out of the first bundle: the drawer loads on intent, the toaster once the page is idle.
const loadDrawer = () => import('./side-drawer');
const SideDrawer = lazy(loadDrawer);
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

function whenIdle(fn: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/** SPEC.md §2 root layout: header, page, bottom app bar, drawer, footer, scroll-to-top. */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        onDrawerIntent={() => void loadDrawer()}
        onOpenDrawer={() => {
          setDrawerLoaded(true);
          setDrawerOpen(true);
        }}
      />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-8 sm:px-6 sm:pt-6">
        {children}
      </main>
      <Footer />
      <BottomBar />
      <BackToTop />
      <Suspense fallback={null}>
        {drawerLoaded && <SideDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />}
        {idle && <Toaster />}
      </Suspense>
    </div>
  );
}
