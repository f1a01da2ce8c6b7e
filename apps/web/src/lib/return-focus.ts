import { useRef } from 'react';

/**
 * A dialog opened without a Radix trigger (from a menu item, a drawer button, a state change) loses
 * the focus when it closes. Its content remembers what had the focus as it opens
 * (`onOpenAutoFocus` runs before the focus moves in) and gives it back on close; when that element is
 * gone (a menu item), `fallback` (a selector) gets it instead. Spread the result on the Radix content.
 */
export function useReturnFocus(fallback?: string): { onOpenAutoFocus: (event: Event) => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current?.isConnected ? opener.current : fallback ? document.querySelector<HTMLElement>(fallback) : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
