import type { FastifyInstance, FastifyPluginAsync, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { testConfig } from './config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export { testConfig };

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database (one per test file: call it in beforeAll). `probe` routes, if
 * given, are registered under /api/test: tests of a plugin's behaviour on a route of their own.
 * `options.now`: the clock of the time rules (responsible play), for tests that move it.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  probe?: FastifyPluginAsync,
  options: { now?: () => Date } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false, now: options.now });
  injectAsBrowser(app);
  if (probe) await app.register(probe, { prefix: '/api/test' });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const SITE_HEADERS = ['origin', 'sec-fetch-site'] as const;

/**
 * Every injected call is a same-origin browser's (`Sec-Fetch-Site: same-origin`), as the player site's
 * calls are: a state-changing call without Origin or Sec-Fetch-Site is refused (plugins/security.ts).
 * A test that sets either header keeps its own; `{ origin: undefined }` sends neither, on purpose.
 */
function injectAsBrowser(app: FastifyInstance) {
  const inject = app.inject.bind(app);
  app.inject = ((opts?: InjectOptions | string, ...rest: unknown[]) => {
    if (typeof opts !== 'object') return (inject as (...a: unknown[]) => unknown)(opts, ...rest);
    const headers: Record<string, unknown> = { ...opts.headers };
    const chosen = SITE_HEADERS.some((name) => name in headers);
    for (const name of SITE_HEADERS) if (headers[name] === undefined) delete headers[name];
    if (!chosen) headers['sec-fetch-site'] = 'same-origin';
    return (inject as (...a: unknown[]) => unknown)({ ...opts, headers: headers as InjectOptions['headers'] }, ...rest);
  }) as typeof app.inject;
}
