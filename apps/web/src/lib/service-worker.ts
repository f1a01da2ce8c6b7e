/**
 * Registers the offline page's service worker (public/sw.js) once the page has loaded, so that its
 * download never competes with the page's own. Production builds only: in development Vite serves
 * modules the worker must not stand between.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
