/**
 * After a deploy, an open tab may ask for a route chunk that no longer exists. Reloading fetches the
 * new index.html; remembering the message per tab (session storage) stops a reload loop when the
 * failure is something a reload cannot fix (SPEC.md §8).
 */
// the key TanStack Router's lazyRouteComponent uses for the same purpose: one memory, one reload per message
export const RELOAD_KEY_PREFIX = 'tanstack_router_reload:';

const CHUNK_FAILURE = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && CHUNK_FAILURE.some((m) => error.message.includes(m));
}

/** Reloads once per message; returns false when this message already caused a reload. */
export function reloadOnceFor(message: string, storage: Storage = sessionStorage, reload = () => window.location.reload()): boolean {
  const key = RELOAD_KEY_PREFIX + message;
  if (storage.getItem(key)) return false;
  storage.setItem(key, '1');
  reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const message = payload instanceof Error ? payload.message : 'vite:preloadError';
    if (reloadOnceFor(message)) event.preventDefault();
  });
}
