import { describe, expect, it } from 'vitest';
import { alertApiBaseUrls, ConfigError, loadConfig } from './config.js';
import { safeProductionEnv, unsafeProductionCases } from './test/production-env.js';

/** The variables a refused configuration names, one per line of its message. */
function refused(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(':')[0]!);
  }
  return [];
}

describe('production fails closed', () => {
  it('starts with every value safe: no demo, no API docs', () => {
    const config = loadConfig(safeProductionEnv());
    expect(config.SEED_DEMO).toBe(false);
    expect(config.API_DOCS_ENABLED).toBe(false);
    expect(loadConfig({ ...safeProductionEnv(), API_DOCS_ENABLED: 'true' }).API_DOCS_ENABLED).toBe(true);
  });

  it.each(unsafeProductionCases())('refuses $variable: $why, naming it alone', ({ variable, env }) => {
    expect(refused(env)).toEqual([variable]);
  });

  it('names every unsafe variable of the defaults at once', () => {
    const names = refused({ NODE_ENV: 'production' });
    expect(names).toEqual(
      expect.arrayContaining([
        'PROVIDER_SECRET',
        'BANK_GATEWAY_SECRET',
        'BANK_CALLBACK_SECRET',
        'PROVIDER_ALPHABET_URL',
        'PROVIDER_GCLUB_LIVE_URL',
        'BANK_GATEWAY_URL',
        'PUBLIC_URL',
      ]),
    );
  });

  it('keeps the development defaults outside production: the demo, the docs, the sandbox', () => {
    const config = loadConfig({});
    expect(config.SEED_DEMO).toBe(true);
    expect(config.API_DOCS_ENABLED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('PROVIDER_<ID>_URL', () => {
  it('takes a URL for a known provider', () => {
    expect(loadConfig({ PROVIDER_GCLUB_LIVE_URL: 'https://live.example/api' }).PROVIDER_GCLUB_LIVE_URL).toBe('https://live.example/api');
  });

  it('refuses an unknown provider id and a value that is no URL, in every environment', () => {
    expect(refused({ PROVIDER_PGSOFT_URL: 'https://pg.example' })).toEqual(['PROVIDER_PGSOFT_URL']);
    expect(refused({ PROVIDER_GCLUB_URL: 'gclub.example' })).toEqual(['PROVIDER_GCLUB_URL']);
  });
});

describe('METRICS_PORT', () => {
  it('is 9464 in production and off elsewhere unless set; 0 and off turn it off', () => {
    expect(loadConfig(safeProductionEnv()).METRICS_PORT).toBe(9464);
    expect(loadConfig({}).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9500' }).METRICS_PORT).toBe(9500);
    expect(loadConfig({ ...safeProductionEnv(), METRICS_PORT: 'off' }).METRICS_PORT).toBe(0);
    expect(refused({ METRICS_PORT: 'many' })).toEqual(['METRICS_PORT']);
  });
});

describe('SERVER_PROCESSES and WORKER_PROCESSES', () => {
  const DATABASE_URL = 'postgres://laocredit@127.0.0.1:5432/laocredit';

  it('are 1 by default; several processes and job workers on PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ SERVER_PROCESSES: 1, WORKER_PROCESSES: 1 });
    expect(loadConfig({ DATABASE_URL, SERVER_PROCESSES: '2' })).toMatchObject({ SERVER_PROCESSES: 2, WORKER_PROCESSES: 1 });
    expect(loadConfig({ DATABASE_URL, SERVER_PROCESSES: '4', WORKER_PROCESSES: '4' }).WORKER_PROCESSES).toBe(4);
    expect(loadConfig({ ...safeProductionEnv(), SERVER_PROCESSES: '2' }).SERVER_PROCESSES).toBe(2);
  });

  it('refuses several processes on the embedded PGlite, in every environment, saying why', () => {
    expect(refused({ SERVER_PROCESSES: '2' })).toEqual(['SERVER_PROCESSES']);
    expect(refused({ NODE_ENV: 'test', SERVER_PROCESSES: '32' })).toEqual(['SERVER_PROCESSES']);
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES: above 1 needs DATABASE_URL/);
  });

  it('refuses a count that is no whole number from 1 to 32, and more job workers than processes', () => {
    for (const value of ['0', '33', '1.5', 'two']) expect(refused({ DATABASE_URL, SERVER_PROCESSES: value })).toEqual(['SERVER_PROCESSES']);
    expect(refused({ DATABASE_URL, SERVER_PROCESSES: '2', WORKER_PROCESSES: '3' })).toEqual(['WORKER_PROCESSES']);
    expect(refused({ DATABASE_URL, WORKER_PROCESSES: '0' })).toEqual(['WORKER_PROCESSES']);
  });
});

describe('TELEGRAM_API_URL and LINE_API_URL', () => {
  it('are the real hosts in production, the sandbox elsewhere, unless set', () => {
    expect(alertApiBaseUrls(loadConfig(safeProductionEnv()))).toEqual({
      telegram: 'https://api.telegram.org',
      line: 'https://api.line.me',
    });
    expect(alertApiBaseUrls(loadConfig({ SANDBOX_URL: 'http://127.0.0.1:3999' }))).toEqual({
      telegram: 'http://127.0.0.1:3999/telegram',
      line: 'http://127.0.0.1:3999/line',
    });
    const relayed = loadConfig({
      ...safeProductionEnv(),
      TELEGRAM_API_URL: 'https://relay.example/tg',
      LINE_API_URL: 'https://relay.example/line',
    });
    expect(alertApiBaseUrls(relayed)).toEqual({ telegram: 'https://relay.example/tg', line: 'https://relay.example/line' });
    expect(refused({ TELEGRAM_API_URL: 'api.telegram.org' })).toEqual(['TELEGRAM_API_URL']);
    const production = safeProductionEnv();
    expect(refused({ ...production, TELEGRAM_API_URL: 'http://relay.example/tg' })).toEqual(['TELEGRAM_API_URL']);
    // a sandbox served over https is still the sandbox
    expect(refused({ ...production, SANDBOX_URL: 'https://sandbox.example', LINE_API_URL: 'https://sandbox.example/line' })).toEqual([
      'LINE_API_URL',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it("takes the proxies' addresses, CIDRs and proxy-addr's range names", () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a catch-all range in every environment, with a message (not a stack trace from proxy-addr)', () => {
    for (const value of ['0.0.0.0/0', '::/0', 'loopback, 0.0.0.0/00']) {
      expect(refused({ TRUST_PROXY: value }), value).toEqual(['TRUST_PROXY']);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/is every address/);
    }
  });

  it('refuses true, a hop count and anything that is no address', () => {
    for (const value of ['true', '1', '2', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '::1/129']) {
      expect(refused({ TRUST_PROXY: value }), value).toEqual(['TRUST_PROXY']);
    }
  });
});
