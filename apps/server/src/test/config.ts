import { loadConfig, type Config } from '../config.js';

/** Config for tests: quiet, no background worker, fast argon2 unless a test asks otherwise. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WORKER_ENABLED: 'false',
    WEB_DIST: '/nonexistent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    // the tests change sessions with SQL and read them back at once; the cache's own tests turn it on
    SESSION_CACHE_SECONDS: '0',
    ...overrides,
  });
}
