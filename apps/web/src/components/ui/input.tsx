import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-lg border border-slate-600 bg-slate-900 px-3 text-base text-white placeholder:text-slate-400',
        'focus:border-amber-400 focus:outline-2 focus:outline-amber-400/40 aria-invalid:border-red-400',
        'disabled:opacity-60',
        className,
      )}
      {...rest}
    />
  );
}
