import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addBankAccount, fundCredit, staffLogin } from './modules/withdrawals/withdrawals.test-helpers.js';
import { errorShapeProblem, openApiOperations, operationUrl, type Operation } from './test/openapi.js';
import { bodyArbitrary, paramArbitrary } from './test/openapi-values.js';
import { loginPlayer, registerPlayer } from './test/players.js';
import { useServerAndSandbox } from './test/server-and-sandbox.js';

/**
 * Bad input over every route of the OpenAPI document (docs/decisions/061-proofs-under-faults.md):
 * bodies, path and query values generated from each operation's schemas, valid or mutated, FUZZ_RUNS
 * (300) per route, sent as the player (or, on the back office, as its owner) it would come from. Never
 * a 5xx, never a stack trace, every error in the one error shape (decision 003). Limits are off: a 429
 * would stop the input before the route's own checks.
 */
const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', ''];
/** appended to the URL as it is, not encoded: what a broken client or a scanner sends */
const RAW_TAILS = ['', '', '', '', '%', '%zz', '%E0%A4%A', '/..', '//', '?page=%ff', '?page[]=1&page=2', '?__proto__[x]=1', '#x'];

describe('bad input over every route of the OpenAPI document', () => {
  // its own limit: RUNS requests on every route outlast the default; a route that never answers still fails it
  it(
    `answers ${RUNS} generated and mutated requests per route without a 5xx, a stack trace or another error shape`,
    { timeout: 300_000 },
    async () => {
      const player = await registerPlayer(app());
      await addBankAccount(app(), player);
      await fundCredit(app(), env.agencyId(), player, 'gclub', 60_000n);
      const operations = await openApiOperations(app());
      expect(operations.length).toBeGreaterThan(40);

      const counts: string[] = [];
      for (const op of operations) {
        // a fresh session per route: logout, login or a password change ends the one before
        const cookie = op.path.startsWith('/api/v2/backoffice/')
          ? (await staffLogin(app(), env.agencyId(), 'owner')).cookie
          : (await loginPlayer(app(), player.username, player.password)).cookie;
        let sent = 0;
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op), async (req) => {
            const res = await app().inject({
              method: op.method,
              url: req.url,
              headers: { host: 'localhost', cookie, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
              ...(req.payload === undefined ? {} : { payload: req.payload }),
            });
            sent += 1;
            const problem = res.statusCode >= 500 ? `${res.statusCode}` : errorShapeProblem(res.statusCode, res.body);
            if (problem) {
              throw new Error(`${op.name}: ${problem} for ${req.how} ${req.url} ${req.payload?.slice(0, 300)} → ${res.body.slice(0, 500)}`);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        counts.push(`${op.name}: ${sent} requests, ${Date.now() - started} ms`);
      }
      console.info(`fuzz: ${operations.length} routes, ${RUNS} requests each\n${counts.join('\n')}`);
    },
  );
});

interface FuzzRequest {
  url: string;
  payload: string | undefined;
  contentType: string;
  how: string;
}

function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  const path = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const values = (ps: typeof path) => fc.record(Object.fromEntries(ps.map((p) => [p.name, paramArbitrary(p)])));
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc
    .record({
      path: values(path),
      query: values(query),
      body: hasBody ? bodyArbitrary(op.body).map((b) => b as { payload: string; how: string } | undefined) : fc.constant(undefined),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      tail: fc.constantFrom(...RAW_TAILS),
    })
    .map(({ path: p, query: q, body, contentType, tail }) => ({
      url: operationUrl(op, p as Record<string, string>, q) + tail,
      payload: body?.payload,
      contentType: body ? contentType : '',
      how: body?.how ?? 'no body',
    }));
}
