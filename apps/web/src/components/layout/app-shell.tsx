import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { BackToTop } from './back-to-top';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { SideDrawer } from './side-drawer';

/** SPEC.md §2 root layout: header, page, bottom app bar, drawer, footer, scroll-to-top. */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header onOpenDrawer={() => setDrawerOpen(true)} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-8 sm:px-6 sm:pt-6">
        {children}
      </main>
      <Footer />
      <BottomBar />
      <SideDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <BackToTop />
      <Toaster />
    </div>
  );
}
