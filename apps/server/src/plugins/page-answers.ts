import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A read a player page's first render waits for, preloaded by its HTML (apps/web/vite.plugins.ts, `reads`). */
const READ_LINK = /\n?[ \t]*<link rel="preload" href="(\/api\/[\w/.-]+)" as="fetch" crossorigin="use-credentials"\s*\/?>/g;

/** The element that holds them; apps/web/src/lib/page-answers.ts reads it. */
export const PAGE_ANSWERS_ID = 'page-answers';

/** What a read depends on: the host (the agency), the session, the language. */
const FORWARDED = ['host', 'cookie', 'accept-language', 'user-agent'] as const;

/**
 * A player page's HTML with the answers to the reads it preloads written into it: the server asks
 * itself (the same routes, hooks and checks as the browser's calls) while it sends the page, so that
 * the page has its data with the HTML instead of after one more round of requests on a phone's slow
 * network (docs/decisions/077). Only a 200 JSON answer is written, and its preload link removed; any
 * other answer (no session any more, a password to change first) leaves the link, and the page's own
 * call gets it as before. Also answers those answers, by path, as the JSON text written (the server
 * draws the page with them, decision 204).
 */
export async function withPageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
): Promise<{ html: string; answers: Map<string, string> }> {
  const links = [...html.matchAll(READ_LINK)];
  const answers = new Map<string, string>();
  if (links.length === 0) return { html, answers };
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const asked = await Promise.all(
    links.map(async ([link, path]) => {
      const res = await app.inject({ method: 'GET', url: path!, headers, remoteAddress: request.ip });
      const json = res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('application/json');
      return json ? { link, path: path!, body: res.body } : null;
    }),
  );
  const taken = asked.filter((a) => a !== null);
  if (taken.length === 0) return { html, answers };
  let out = html;
  for (const a of taken) {
    out = out.replace(a.link, '');
    answers.set(a.path, a.body);
  }
  const json = jsonInHtml(`{${taken.map((a) => `${JSON.stringify(a.path)}:${a.body}`).join(',')}}`);
  return { html: out.replace('</head>', `  <script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script>\n  </head>`), answers };
}

/**
 * JSON text made safe inside a `<script>` element: every `<` (only ever in a string) written `\u003c`,
 * so that no text a player typed can end the element or open a comment; JSON.parse reads it back unchanged.
 */
export function jsonInHtml(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Sends a page made for this request, compressed as the browser accepts (the built pages are precompressed). */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return reply.send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipAsync(html));
  }
  return reply.send(html);
}
