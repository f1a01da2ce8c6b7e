import type { ReactNode, Ref } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** shown before the label, e.g. a bank logo */
  icon?: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  value?: string;
  onValueChange?: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The trigger's look, the same before and after Radix has loaded (select.tsx). */
export const SELECT_TRIGGER =
  'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-left text-base text-white focus:border-amber-400 focus:outline-2 focus:outline-amber-400/40 aria-invalid:border-red-400 data-[placeholder]:text-slate-400';

export function SelectChevron() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
      <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
    </svg>
  );
}
