/**
 * Applies the stylesheet that the built index.html only preloads (apps/web/vite.plugins.ts,
 * deferAppStyles) and resolves once it is in force, so that React never paints unstyled. In
 * development Vite injects the CSS itself and there is nothing to wait for.
 */
export function appStylesReady(doc: Document = document): Promise<void> {
  const preload = doc.querySelector<HTMLLinkElement>('link[data-app-css]');
  if (!preload) return Promise.resolve();
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  // the same CORS mode as the preload, or the browser fetches the file a second time
  const cors = preload.getAttribute('crossorigin');
  if (cors !== null) sheet.setAttribute('crossorigin', cors);
  sheet.href = preload.href;
  // a stylesheet that fails to load must not keep the site from starting
  const ready = new Promise<void>((resolve) => {
    sheet.onload = () => resolve();
    sheet.onerror = () => resolve();
  });
  doc.head.append(sheet);
  return ready;
}
