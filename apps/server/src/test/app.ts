import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
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
 */
export async function createTestApp(overrides: Record<string, string> = {}, probe?: FastifyPluginAsync): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
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
