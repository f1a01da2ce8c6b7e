import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-amber-400 text-slate-950 hover:bg-amber-300 focus-visible:outline-amber-300',
  secondary: 'bg-slate-700 text-white hover:bg-slate-600 focus-visible:outline-slate-300',
  outline: 'border border-slate-500 text-slate-100 hover:bg-slate-800 focus-visible:outline-slate-300',
  ghost: 'text-slate-200 hover:bg-slate-800 focus-visible:outline-slate-300',
  danger: 'bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-300',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 p-0',
};

/** Shared class names, for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** shows a spinner and disables the button */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A link that looks like a button takes `buttonClass` instead: no Slot (radix) in the first page's bundle. */
export function Button({ variant, size, loading = false, className, disabled, children, type, ...rest }: ButtonProps) {
  const classes = buttonClass(variant, size, className);
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
