import { render, type ComponentChild } from 'preact';
import type { ReactNode } from 'react';

/**
 * Renders `node` into `container` reusing the DOM already there (the page prerendered into the HTML,
 * docs/decisions/020): Preact's own render diffs against the existing children, so the page stays
 * painted, its nodes (and anything typed into its fields) are kept, and whatever differs from the
 * first render (attributes, texts) is corrected. compat's createRoot would empty the container
 * first (React's behaviour), a flash of an empty page; hydrate would not correct attributes.
 */
export function renderOver(node: ReactNode, container: Element): void {
  render(node as ComponentChild, container);
}
