import { PROVIDER_IDS } from '@app/contracts';
import { providerUrlVariable } from '../config-production.js';

/**
 * A production configuration that passes every production rule: own secrets, every provider and the
 * bank gateway on https addresses of their own, an https public URL. Tests take one value away (or
 * put a development one back) and expect the start to be refused naming that variable.
 */
export function safeProductionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PROVIDER_SECRET: 'a-provider-secret-of-our-own-0001',
    BANK_GATEWAY_SECRET: 'a-bank-gateway-secret-of-our-own-1',
    BANK_CALLBACK_SECRET: 'a-bank-callback-secret-of-our-own',
    ...Object.fromEntries(PROVIDER_IDS.map((id) => [providerUrlVariable(id), `https://${id.replace('_', '-')}.providers.example/api`])),
    BANK_GATEWAY_URL: 'https://gateway.bank.example',
    PUBLIC_URL: 'https://laocredit.example',
    TRUST_PROXY: 'loopback',
    // never opened by the tests that build the app on a database of their own
    DATABASE_URL: 'postgres://laocredit@127.0.0.1:5432/laocredit',
    CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
    // the test configuration's fast argon2 is refused in production
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_ITERATIONS: '2',
  };
}

/** One unsafe production setting each: the variable that must be named, and the environment with it. */
export function unsafeProductionCases(): { variable: string; why: string; env: Record<string, string> }[] {
  const safe = safeProductionEnv();
  const without = (name: string) => Object.fromEntries(Object.entries(safe).filter(([k]) => k !== name));
  const sandbox = 'http://127.0.0.1:3100';
  const cases: { variable: string; why: string; env: Record<string, string> }[] = [
    { variable: 'PROVIDER_SECRET', why: 'its development default', env: without('PROVIDER_SECRET') },
    { variable: 'BANK_GATEWAY_SECRET', why: 'its development default', env: without('BANK_GATEWAY_SECRET') },
    { variable: 'BANK_CALLBACK_SECRET', why: 'its development default', env: without('BANK_CALLBACK_SECRET') },
    {
      variable: 'BANK_CALLBACK_SECRET',
      why: "another variable's development default",
      env: { ...safe, BANK_CALLBACK_SECRET: 'sandbox-provider-secret-change-me' },
    },
    { variable: 'BANK_GATEWAY_URL', why: 'unset: the sandbox', env: without('BANK_GATEWAY_URL') },
    { variable: 'BANK_GATEWAY_URL', why: 'the sandbox', env: { ...safe, BANK_GATEWAY_URL: sandbox } },
    { variable: 'PUBLIC_URL', why: 'plain http', env: { ...safe, PUBLIC_URL: 'http://laocredit.example' } },
    { variable: 'PUBLIC_URL', why: 'its development default', env: without('PUBLIC_URL') },
    { variable: 'COOKIE_SECURE', why: 'turned off', env: { ...safe, COOKIE_SECURE: 'false' } },
    { variable: 'SEED_DEMO', why: 'turned on', env: { ...safe, SEED_DEMO: 'true' } },
    { variable: 'TRUST_PROXY', why: 'every hop', env: { ...safe, TRUST_PROXY: 'true' } },
    { variable: 'TRUST_PROXY', why: 'unset: no proxy in front of an https site', env: without('TRUST_PROXY') },
    { variable: 'TRUST_PROXY', why: 'every IPv4 address', env: { ...safe, TRUST_PROXY: 'loopback,0.0.0.0/0' } },
    { variable: 'TRUST_PROXY', why: 'every IPv6 address', env: { ...safe, TRUST_PROXY: '::/0' } },
    { variable: 'RATE_LIMIT_ENABLED', why: 'turned off', env: { ...safe, RATE_LIMIT_ENABLED: 'false' } },
    { variable: 'ARGON2_MEMORY_KIB', why: 'below 19 MiB', env: { ...safe, ARGON2_MEMORY_KIB: '19455' } },
    { variable: 'ARGON2_ITERATIONS', why: 'below 2', env: { ...safe, ARGON2_ITERATIONS: '1' } },
    { variable: 'DATABASE_URL', why: 'unset: PGlite', env: without('DATABASE_URL') },
    {
      variable: 'PROVIDER_SECRET',
      why: 'shorter than 32 characters',
      env: { ...safe, PROVIDER_SECRET: 'a-provider-secret-of-31-chars-x' },
    },
    {
      variable: 'BANK_CALLBACK_SECRET',
      why: 'the same as another secret',
      env: { ...safe, BANK_CALLBACK_SECRET: safe.BANK_GATEWAY_SECRET! },
    },
    { variable: 'CREDENTIALS_KEY', why: 'unset', env: without('CREDENTIALS_KEY') },
    { variable: 'CREDENTIALS_KEY', why: '16 bytes', env: { ...safe, CREDENTIALS_KEY: Buffer.alloc(16, 7).toString('base64') } },
    { variable: 'CREDENTIALS_KEY', why: 'not base64', env: { ...safe, CREDENTIALS_KEY: 'k'.repeat(43) + '!' } },
  ];
  for (const id of PROVIDER_IDS) {
    const variable = providerUrlVariable(id);
    cases.push({ variable, why: 'unset: the sandbox', env: without(variable) });
    cases.push({ variable, why: 'the sandbox', env: { ...safe, [variable]: `${sandbox}/providers/${id}` } });
  }
  const moved = 'https://sandbox.internal.example';
  cases.push({
    variable: 'PROVIDER_GCLUB_URL',
    why: 'the sandbox at another address',
    env: { ...safe, SANDBOX_URL: moved, PROVIDER_GCLUB_URL: `${moved}/providers/gclub` },
  });
  return cases;
}
