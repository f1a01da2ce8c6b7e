import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';

/** The frame of the login and register screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-8">
      <Card className="border-amber-400/20 bg-gradient-to-b from-slate-900 to-slate-950">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="h-14 w-14" />
          <h1 className="text-2xl font-bold text-white">{title}</h1>
          <p className="text-sm text-slate-300">{subtitle}</p>
        </div>
        {children}
        <p className="mt-6 text-center text-sm text-slate-300">{footer}</p>
      </Card>
    </div>
  );
}
