/** SPEC.md §2: an entry is active when the current path equals its link, the query string ignored. */
export function pathOf(href: string): string {
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  // "/player/" and "/player" are the same page
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isActive(currentPath: string, href: string): boolean {
  return pathOf(currentPath) === pathOf(href);
}

/** A parent entry is active when any of its children is. */
export function isParentActive(currentPath: string, childHrefs: readonly string[]): boolean {
  return childHrefs.some((href) => isActive(currentPath, href));
}
