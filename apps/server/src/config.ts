import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every setting the server reads, validated at boot: a bad value stops start-up with a message
 * naming it. The README's configuration table mirrors this schema.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** where the embedded PGlite database lives when DATABASE_URL is not set */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** shared rate-limit counters for several server instances */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** trust X-Forwarded-* (only behind a proxy you run) */
  TRUST_PROXY: bool.default(false),
  /** the built player site (apps/web/dist); not served when missing */
  WEB_DIST: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
  /** Secure cookies; default on in production */
  COOKIE_SECURE: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  /** run the job worker (provider transfers, reconciliation, expiry) inside this process */
  WORKER_ENABLED: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** first retry delay of a job whose outcome is unknown; doubles up to 60 s */
  WORKER_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  /** status calls to the bank gateway at once, confirming callbacks (docs/decisions/024): its rate limit bounds this */
  BANK_STATUS_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** calls to the game providers at once, telling them about transfers just committed (docs/decisions/024) */
  PROVIDER_CALL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** a transfer still unknown after this long is flagged for staff (DESIGN.md §4) */
  TRANSFER_ATTENTION_MINUTES: z.coerce.number().int().min(1).default(15),
  /** the sandbox: default base for every provider and for the bank gateway */
  SANDBOX_URL: z.string().url().default('http://127.0.0.1:3100'),
  /** per-provider overrides, e.g. PROVIDER_GCLUB_URL; shared secret for request signing */
  PROVIDER_SECRET: z.string().min(16).default('sandbox-provider-secret-change-me'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  BANK_GATEWAY_URL: z.string().url().optional(),
  BANK_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  BANK_GATEWAY_SECRET: z.string().min(16).default('sandbox-bank-secret-change-me'),
  BANK_CALLBACK_SECRET: z.string().min(16).default('sandbox-callback-secret-change-me'),
  /** where the bank gateway sends callbacks (the sandbox is told per order) */
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:3000'),
  SEED_DEMO: bool.default(true),
  SEED_STAFF_USERNAME: z.string().default('owner'),
  SEED_STAFF_PASSWORD: z.string().min(8).optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
  RATE_LIMIT_ENABLED: bool.default(true),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The base URL of a provider: PROVIDER_<ID>_URL, else the sandbox's provider API. */
export function providerBaseUrl(config: Config, providerId: string, env = process.env): string {
  return env[`PROVIDER_${providerId.toUpperCase()}_URL`] ?? `${config.SANDBOX_URL}/providers/${providerId}`;
}
