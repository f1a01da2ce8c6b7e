import { useEffect, useRef } from 'react';

/**
 * A step that replaces another on the same page (the QR after the form, the outcome after the QR)
 * brings itself into view when it appears, instead of leaving the player at the footer (issue #18
 * item 7). Give the element `scroll-mt-20` so the sticky header does not cover its top.
 */
export function useScrollIntoView<T extends HTMLElement>(block: ScrollLogicalPosition = 'nearest') {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.scrollIntoView({ block }), [block]);
  return ref;
}
