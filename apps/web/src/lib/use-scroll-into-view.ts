import { useEffect, useRef } from 'react';

/**
 * A step that replaces another on the same page (the QR after the form, the outcome after the QR)
 * brings itself into view when it appears, instead of leaving the player at the footer. Give the element `scroll-mt-20` so the sticky header does not cover its top. `enabled`
 * false when it is the page's first step: the page opens at its top anyway, and the scroll would force
 * a layout of the whole page into the first render's task (docs/decisions/076).
 */
export function useScrollIntoView<T extends HTMLElement>(block: ScrollLogicalPosition = 'nearest', enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.scrollIntoView({ block });
  }, [block, enabled]);
  return ref;
}
