import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following it as the window changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: wider than a phone held upright. */
export const WIDE = '(min-width: 640px)';
