import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@app/contracts';
import { LANGUAGE_STORAGE_KEY, detectLanguage, isLanguage, type Language } from '@app/contracts/languages';
import { SESSION_COOKIE } from './session.js';
import { sendPage, withPageAnswers } from './page-answers.js';
import { keptFiles, playerPageRenderer } from './page-render.js';
import { RENDER_MODULE_DIR } from '@app/contracts/page-html';

/** The copies of index.html of one page (apps/web/vite.plugins.ts, pageModulePreloads). */
interface PageCopies {
  /** `_pages/login.html`, `_pages/player/deposit.html`: the spinner, and what the page needs preloaded */
  spinner: string;
  /**
   * `_pages/login.cn.html`: a public page itself, prerendered in that language (docs/decisions/020);
   * `_pages/player/deposit.cn.html`: a player page's spinner that also preloads that language's texts (077)
   */
  inLanguage: Map<Language, string>;
}

/** The languages of the browser, best first, from Accept-Language (`zh-CN,zh;q=0.9,en;q=0.8`). */
function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** The player area (SPEC.md §2): its pages are only a logged-in player's. */
const isPlayerArea = (path: string) => path === '/player' || path.startsWith('/player/');

/** The back office: its own build in `<WEB_DIST>/backoffice` (apps/web/vite.backoffice.config.ts). */
const BACKOFFICE = '/backoffice';
const BACKOFFICE_HTML = 'backoffice/backoffice.html';

/**
 * Serves the built player site: hashed assets with a year of cache, and the SPA's index.html
 * (never cached) for any non-API path so that deep links work; the back office's page for any path
 * under /backoffice/. Unknown /api paths answer 404 JSON.
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
      // the server's own render module (decision 204) is not a file of the site
      allowedPath: (pathName) => !pathName.startsWith(`/${RENDER_MODULE_DIR}/`),
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // pages have their own copies of index.html (apps/web/vite.plugins.ts): `_pages/login.html` preloads the
  // route chunks of /login under the spinner, `_pages/login.<language>.html` is /login itself;
  // `_pages/player/deposit.html` is /player/deposit's (`index` names a folder's own page: `/`, `/player`)
  const pagesDir = join(root, '_pages');
  const renderer =
    hasWeb && app.config.PAGE_RENDERS_WAITING > 0
      ? await playerPageRenderer(root, app.log, app.config.PAGE_RENDERS_WAITING, app.config.PAGE_RENDER_MAX_BUSY)
      : null;
  const pages = new Map<string, PageCopies>();
  if (hasWeb && existsSync(pagesDir)) {
    const names = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
      .map((n) => n.replaceAll('\\', '/'))
      .filter((n) => n.endsWith('.html'));
    for (const name of names) {
      const [page = '', language, ...rest] = name.slice(0, -'.html'.length).split('.');
      if (language !== undefined || rest.length > 0) continue;
      const inLanguage = new Map<Language, string>();
      for (const other of names) {
        const lng = other.slice(page.length + 1, -'.html'.length);
        if (other.startsWith(`${page}.`) && isLanguage(lng)) inLanguage.set(lng, `_pages/${other}`);
      }
      const path = page === 'index' ? '/' : `/${page.replace(/(^|\/)index$/, '')}`;
      pages.set(path, { spinner: `_pages/${name}`, inLanguage });
    }
  }

  /**
   * The prerendered page goes only to a visitor of a known agency (SPEC.md §1: the agency comes before
   * any screen; an unknown host gets the spinner, then the 'contact Support' page), in the language of
   * the `i18nextLng` cookie the site sets, else of the browser, else Lao. A browser with a session
   * cookie gets the spinner: a logged-in player is sent on to /player by the site, never shown the
   * login page first.
   */
  const languageOf = (request: FastifyRequest) =>
    detectLanguage(request.cookies[LANGUAGE_STORAGE_KEY], acceptedLanguages(request.headers['accept-language']));
  async function copyFor(request: FastifyRequest, path: string, copies: PageCopies | undefined): Promise<string> {
    if (!copies) return 'index.html';
    const language = () => languageOf(request);
    if (isPlayerArea(path)) {
      // the player area's copies preload the player's own reads, which answer 401 without a session: a
      // visitor gets index.html (the site sends them to /login)
      if (request.cookies[SESSION_COOKIE] === undefined) return 'index.html';
      // the copy in the player's language preloads its texts too (the site reads the same choice)
      return copies.inLanguage.get(language()) ?? copies.spinner;
    }
    if (copies.inLanguage.size === 0 || request.cookies[SESSION_COOKIE] !== undefined) return copies.spinner;
    if (!(await app.agencyForHost(request))) return copies.spinner;
    return copies.inLanguage.get(language()) ?? copies.spinner;
  }

  // a player page's copy is read once (the sheet its render inlines is kept the same way)
  const copyText = keptFiles(root);

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const copies = pages.get(path);
    reply.header('cache-control', 'no-cache');
    // the answer depends on the cookies and the browser's languages (a shared cache must not mix them)
    if (copies) reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding');
    const file = await copyFor(request, path, copies);
    if (isPlayerArea(path) && file !== 'index.html') {
      // a player page holds the answers to its first reads: the player's own data, for this browser only
      reply.header('cache-control', 'private, no-cache');
      const { html, answers } = await withPageAnswers(app, request, await copyText(file));
      // drawn with those answers when the build has the render: the page paints before its scripts (decision 204)
      const drawn = await renderer?.render(html, request.url, languageOf(request), answers);
      return sendPage(request, reply, drawn ?? html);
    }
    return reply.type('text/html; charset=utf-8').sendFile(file, root);
  };
  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, '/'));
    // the player area's pages have their own routes: the static files' wildcard would look for each on disk first
    const playerPage = (request: FastifyRequest, reply: FastifyReply) => sendIndex(request, reply, request.url.split('?')[0]!);
    app.get('/player', { schema: { hide: true } }, playerPage);
    app.get('/player/*', { schema: { hide: true } }, playerPage);
  }
  const hasBackoffice = hasWeb && existsSync(join(root, BACKOFFICE_HTML));
  const sendBackoffice = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(BACKOFFICE_HTML, root);
  // a folder to the static files: its page is answered here (the deeper paths by the fallback below)
  if (hasBackoffice) app.get(`${BACKOFFICE}/`, { schema: { hide: true } }, (_request, reply) => sendBackoffice(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // a login or register form sent by the browser itself, before the prerendered page's script ran
    // (its fields are never read): the page again, by GET
    if (request.method === 'POST' && !isPlayerArea(path) && (pages.get(path)?.inLanguage.size ?? 0) > 0) return reply.redirect(path, 303);
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'Not found' } };
      return reply.status(404).send(body);
    }
    // a missing hashed asset is a real 404, not the SPA
    if (path.startsWith('/assets/') || path.startsWith(`${BACKOFFICE}/assets/`)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } } satisfies ErrorBody);
    }
    if (path === BACKOFFICE || path.startsWith(`${BACKOFFICE}/`)) {
      if (!hasBackoffice) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } } satisfies ErrorBody);
      return path === BACKOFFICE ? reply.redirect(`${BACKOFFICE}/`, 301) : sendBackoffice(reply);
    }
    return sendIndex(request, reply, path);
  });
});
