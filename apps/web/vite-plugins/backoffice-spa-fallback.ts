import type { Plugin } from 'vite';

/**
 * The back office's dev server answers its deep links (/backoffice/login) with backoffice.html, as the
 * server does in production (apps/server/src/plugins/web.ts).
 */
export function backofficeSpaFallback(): Plugin {
  return {
    name: 'backoffice-spa-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (req.method === 'GET' && path.startsWith('/backoffice') && !/\.[a-z0-9]+$/i.test(path) && !path.startsWith('/backoffice/@')) {
          req.url = '/backoffice/backoffice.html';
        }
        next();
      });
    },
  };
}
