import { cloneElement, useEffect, useState, type ComponentType, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import { isChunkLoadError, reloadOnceFor } from '@/lib/chunk-reload';

export interface MenuImplProps {
  /** the trigger to render inside the Radix menu (asChild) */
  trigger: ReactElement;
  defaultOpen: boolean;
  /** focus the trigger once mounted (it replaced a focused placeholder) */
  focusOnMount: boolean;
  /** opened from the keyboard before it loaded: the open menu starts on its first item, as Radix does */
  openedByKeyboard: boolean;
}

type Loader = () => Promise<{ default: ComponentType<MenuImplProps> }>;

/**
 * A dropdown whose Radix code loads on intent (hover, focus, touch) instead of with the first page,
 * keeping the menus out of the initial bundle. A click before it loaded opens it once it arrives.
 */
export function LazyMenu({ load, trigger }: { load: Loader; trigger: ReactElement }) {
  const [Impl, setImpl] = useState<ComponentType<MenuImplProps> | null>(null);
  const [requested, setRequested] = useState(false);
  const [wantOpen, setWantOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);
  const [placeholder, setPlaceholder] = useState<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!requested) return;
    let live = true;
    load().then(
      (mod) => {
        if (!live) return;
        setFocused(placeholder !== null && document.activeElement === placeholder);
        setImpl(() => mod.default);
      },
      // a chunk from an older deploy: reload once (SPEC.md §8); otherwise the button stays inert
      (err: unknown) => {
        if (isChunkLoadError(err)) reloadOnceFor(err.message);
      },
    );
    return () => {
      live = false;
    };
  }, [requested, load, placeholder]);
  if (Impl) return <Impl trigger={trigger} defaultOpen={wantOpen} focusOnMount={focused} openedByKeyboard={wantOpen && byKeyboard} />;
  const request = () => setRequested(true);
  const open = (keyboard: boolean) => {
    setWantOpen(true);
    setByKeyboard(keyboard);
    request();
  };
  return cloneElement(trigger as ReactElement<Record<string, unknown>>, {
    ref: setPlaceholder,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: request,
    onTouchStart: request,
    onFocus: request,
    // pointerdown, not only click: if the menu arrives between press and release, the click is lost
    onPointerDown: () => open(false),
    // Enter and Space click a button with no pointer (detail 0); ArrowDown opens a Radix menu too
    onClick: (e: MouseEvent) => open(e.detail === 0),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        open(true);
      }
    },
  });
}
