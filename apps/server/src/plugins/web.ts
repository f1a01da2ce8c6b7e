import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@app/contracts';

/**
 * Serves the built player site: hashed assets with a year of cache, and the SPA's index.html
 * (never cached) for any non-API path so that deep links work. Unknown /api paths answer 404 JSON.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.WEB_DIST;
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // the build writes .br and .gz beside each asset (scripts/lib/web-build.mjs)
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // the public pages have their own copy of index.html that preloads their route chunks
  // (apps/web/vite.plugins.ts): `_pages/login.html` answers /login, `_pages/index.html` answers /
  const pagesDir = join(root, '_pages');
  const pages = new Map<string, string>();
  if (hasWeb && existsSync(pagesDir)) {
    for (const name of readdirSync(pagesDir)) {
      if (name.endsWith('.html')) pages.set(name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `_pages/${name}`);
    }
  }
  const sendIndex = (reply: FastifyReply, path = '/') => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(pages.get(path) ?? 'index.html', root);
  };
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'Not found' } };
      return reply.status(404).send(body);
    }
    // a missing hashed asset is a real 404, not the SPA
    if (path.startsWith('/assets/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } } satisfies ErrorBody);
    }
    return sendIndex(reply, path);
  });
});
