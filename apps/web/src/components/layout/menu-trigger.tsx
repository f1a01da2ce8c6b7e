import type { ReactNode, Ref } from 'react';
import { cn } from '@/components/ui/cn';

/** The look shared by the navbar's menu buttons. */
export function MenuTrigger({
  label,
  testId,
  className,
  children,
  ref,
  ...rest
}: {
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      type="button"
      ref={ref}
      aria-label={label}
      data-testid={testId}
      className={cn(
        'inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
