import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AgencySettings } from '@app/contracts';
import { agencies, agencyHosts, type Social } from '../db/schema/index.js';
import { AppError } from '../errors.js';

export interface AgencyContext {
  id: string;
  code: string;
  social: Social;
  settings: AgencySettings;
  /**
   * The agency's public origin: its primary host with the site's public scheme and port (those of
   * PUBLIC_URL), e.g. `https://laocredit.la`. Links back to the site are built on it, never on the
   * request's Host (docs/decisions/041-requests-from-browsers-and-proxies.md).
   */
  publicOrigin: string;
  /** `GET /v2/agency/info`'s answer, serialized once per cache fill: it is asked before every screen */
  infoJson: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The agency this request's host belongs to, or null for an unknown host. */
    agency: AgencyContext | null;
  }
  interface FastifyInstance {
    /** Forget cached host → agency lookups (after staff edit an agency). */
    invalidateAgencyCache(): void;
    /** The agency of a request's host, from the same cache, for a request outside /api (the site's HTML). */
    agencyForHost(request: FastifyRequest): Promise<AgencyContext | null>;
  }
}

const TTL_MS = 30_000;

/** An agency's public origin: its host with the scheme and port of PUBLIC_URL (links back to the site are built on it). */
export function agencyOrigin(publicUrl: string, host: string): string {
  const site = new URL(publicUrl);
  return `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`;
}

/**
 * Resolves the agency from the request's host (X-Forwarded-Host only with TRUST_PROXY) for every
 * /api call. Lookups are cached for 30 s per host, so several instances see edits within that time.
 */
export const agencyPlugin = fp(async (app: FastifyInstance) => {
  const cache = new Map<string, { at: number; value: AgencyContext | null }>();
  app.decorate('invalidateAgencyCache', () => cache.clear());
  app.decorateRequest('agency', null);

  const originOf = (host: string) => agencyOrigin(app.config.PUBLIC_URL, host);

  async function lookup(host: string): Promise<AgencyContext | null> {
    const rows = await app.db
      .select({
        id: agencies.id,
        code: agencies.code,
        social: agencies.social,
        settings: agencies.settings,
        // the primary host, else the first by name (an agency configured before hosts had a primary)
        publicHost: sql<string>`(SELECT p.host FROM agency_hosts p WHERE p.agency_id = ${agencies.id}
                                  ORDER BY p.is_primary DESC, p.host LIMIT 1)`,
      })
      .from(agencyHosts)
      .innerJoin(agencies, eq(agencies.id, agencyHosts.agencyId))
      // a disabled agency (npm run ops -- agency disable) answers as an unknown host
      .where(and(eq(agencyHosts.host, host), isNull(agencies.disabledAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { publicHost, ...agency } = row;
    const { depositMinLak, depositMaxLak, withdrawMinThb, withdrawMaxThb } = row.settings;
    const limits = { depositMinLak, depositMaxLak, withdrawMinThb, withdrawMaxThb };
    return {
      ...agency,
      publicOrigin: originOf(publicHost),
      infoJson: JSON.stringify({ agency: { id: row.id, social: row.social, limits } }),
    };
  }

  // a callback hook, synchronous on a cache hit: no promise on the path every screen starts with.
  // The cache is keyed by the Host header as sent (`request.host`: X-Forwarded-Host with
  // TRUST_PROXY), so a hit costs no parsing; a miss looks up its lower-cased name without the port.
  const cached = (key: string) => {
    const hit = cache.get(key);
    return hit && Date.now() - hit.at < TTL_MS ? hit : undefined;
  };
  const fill = async (request: FastifyRequest) => {
    const value = await lookup(request.hostname.toLowerCase());
    if (cache.size > 10_000) cache.clear();
    cache.set(request.host, { at: Date.now(), value });
    return value;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const hit = cached(request.host);
    if (hit) {
      request.agency = hit.value;
      return done();
    }
    fill(request).then((value) => {
      request.agency = value;
      done();
    }, done);
  });
  app.decorate('agencyForHost', async (request: FastifyRequest) => {
    const hit = cached(request.host);
    return hit ? hit.value : fill(request);
  });
});

/** The request's agency, or AGENCY_NOT_FOUND (404) for an unknown host. */
export function agencyOf(request: FastifyRequest): AgencyContext {
  if (!request.agency) throw new AppError('AGENCY_NOT_FOUND', 'no agency serves this host');
  return request.agency;
}
