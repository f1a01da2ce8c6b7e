import { useCallback, useEffect, useRef } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { SELECT_TRIGGER, SelectChevron, type SelectProps } from './select-parts';

export interface SelectImplProps extends SelectProps {
  /** the placeholder trigger was pressed before this code had loaded: open at once */
  defaultOpen: boolean;
  /** the placeholder trigger had the focus: this trigger takes it */
  focusOnMount: boolean;
}

/** The Radix side of `Select` (select.tsx), loaded on the first intent to use one: the trigger, and the list it opens. */
export default function SelectImpl({
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  name,
  className,
  ref,
  defaultOpen,
  focusOnMount,
  ...aria
}: SelectImplProps) {
  const { t } = useTranslation();
  const trigger = useRef<HTMLButtonElement | null>(null);
  const setRef = useCallback(
    (node: HTMLButtonElement | null) => {
      trigger.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  useEffect(() => {
    if (focusOnMount && !defaultOpen) trigger.current?.focus();
  }, [focusOnMount, defaultOpen]);
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name} defaultOpen={defaultOpen}>
      <RadixSelect.Trigger ref={setRef} {...aria} className={cn(SELECT_TRIGGER, className)}>
        <RadixSelect.Value placeholder={placeholder ?? t('select.placeholder')} />
        <RadixSelect.Icon>
          <SelectChevron />
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
