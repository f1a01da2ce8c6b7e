import type { ReactNode, Ref } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

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

/** A Radix select; put it inside `Field` for a label and error text, or give it an aria-label. */
export function Select({ value, onValueChange, options, placeholder, disabled, name, className, ref, ...aria }: SelectProps) {
  const { t } = useTranslation();
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger
        ref={ref}
        {...aria}
        className={cn(
          'flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-600 bg-slate-900 px-3 text-left text-base text-white',
          'focus:border-amber-400 focus:outline-2 focus:outline-amber-400/40 aria-invalid:border-red-400 data-[placeholder]:text-slate-400',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder ?? t('select.placeholder')} />
        <RadixSelect.Icon>
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-700 bg-slate-900 text-slate-100 shadow-xl"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-700"
              >
                {o.icon}
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
