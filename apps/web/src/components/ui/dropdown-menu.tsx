import { createContext, useContext, useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import type { MenuImplProps } from './lazy-menu';
import { DropdownMenu as Menu } from 'radix-ui';
import { cn } from './cn';

/**
 * Radix menus: submenus open on hover after 100 ms, type-ahead resets after 1000 ms and the
 * submenu pointer grace is 300 ms. These are Radix's own constants (not configurable), and they
 * are exactly SPEC.md §9's.
 */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

/** Whether this open of a lazy menu should start on its first item (asked once: the first open only). */
const KeyboardOpen = createContext<() => boolean>(() => false);

export function DropdownMenuContent({ className, onFocus, ...rest }: ComponentProps<typeof Menu.Content>) {
  const takeKeyboardOpen = useContext(KeyboardOpen);
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={6}
        align="end"
        className={cn('z-50 min-w-48 rounded-xl border border-slate-700 bg-slate-900 p-1.5 text-slate-100 shadow-2xl', className)}
        onFocus={(e) => {
          onFocus?.(e);
          // Radix focuses the menu on open, and its first item when its own trigger saw the key; a lazy
          // menu's key went to the placeholder before Radix was loaded, so the first item is focused here
          if (e.target === e.currentTarget && takeKeyboardOpen()) {
            e.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
          }
        }}
        {...rest}
      />
    </Menu.Portal>
  );
}

const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm outline-none select-none data-[highlighted]:bg-slate-700';

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(ITEM, className)} {...rest} />;
}

export function DropdownMenuRadioItem({ className, children, ...rest }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(ITEM, 'pl-8 relative', className)} {...rest}>
      <Menu.ItemIndicator className="absolute left-3 h-2 w-2 rounded-full bg-amber-400" />
      {children}
    </Menu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-3 py-2 text-xs font-semibold tracking-wide text-slate-400', className)} {...rest} />;
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('my-1 h-px bg-slate-700', className)} {...rest} />;
}

/** The Radix side of a `LazyMenu`: its root, the trigger it was given, and the content. */
export function LazyMenuRoot({ trigger, defaultOpen, focusOnMount, openedByKeyboard, children }: MenuImplProps & { children: ReactNode }) {
  const ref = useRef<HTMLButtonElement>(null);
  const keyboardOpen = useRef(openedByKeyboard);
  useEffect(() => {
    if (focusOnMount && !defaultOpen) ref.current?.focus();
  }, [focusOnMount, defaultOpen]);
  return (
    <Menu.Root defaultOpen={defaultOpen} modal={false}>
      <Menu.Trigger asChild ref={ref}>
        {trigger}
      </Menu.Trigger>
      <KeyboardOpen.Provider
        value={() => {
          const first = keyboardOpen.current;
          keyboardOpen.current = false;
          return first;
        }}
      >
        {children}
      </KeyboardOpen.Provider>
    </Menu.Root>
  );
}
