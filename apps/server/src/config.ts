import { z } from 'zod';
import { PROVIDER_IDS, type ProviderId } from '@app/contracts';
import {
  DEVELOPMENT_SECRETS,
  productionProblems,
  providerUrlVariable,
  unknownProviderUrls,
  type ProviderUrlVariable,
} from './config-production.js';
import { trustProxySchema } from './config-trust-proxy.js';
import { parseCredentialsKey } from './lib/credentials.js';
import { protocolOf, providerProtocolProblems, providerProtocolSchema, sandboxPathOf } from './providers/protocols.js';

export { DEVELOPMENT_SECRETS, providerUrlVariable };

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

// PROVIDER_GCLUB_URL, …: one optional base URL per known provider (another id is refused)
const providerUrls = Object.fromEntries(PROVIDER_IDS.map((id) => [providerUrlVariable(id), z.string().url().optional()])) as Record<
  ProviderUrlVariable,
  z.ZodOptional<z.ZodString>
>;

/**
 * Every setting the server reads, validated at boot: a bad value stops start-up with a message
 * naming it. The README's configuration table mirrors this schema. In production the settings must
 * also be safe (config-production.ts, docs/decisions/038-production-fails-closed.md).
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
  /**
   * server processes on this machine (node:cluster, docs/decisions/191): above 1 a primary forks that
   * many, sharing HOST:PORT, and serves their metrics; PostgreSQL only. Each has its own pool of DATABASE_POOL_SIZE
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(32).default(1),
  /** of those processes, how many run the job worker (the first ones; when WORKER_ENABLED) */
  WORKER_PROCESSES: z.coerce.number().int().min(1).max(32).default(1),
  /** shared rate-limit counters for several server instances */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** the proxies whose X-Forwarded-* headers are believed: their addresses or CIDRs (docs/decisions/041) */
  TRUST_PROXY: trustProxySchema,
  /** the built player site (apps/web/dist); not served when missing */
  WEB_DIST: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
  /** player pages waiting for the server's render at once (decision 204); one more goes out with its spinner, 0: never rendered */
  PAGE_RENDERS_WAITING: z.coerce.number().int().min(0).max(64).default(4),
  /** above this share of the last half second busy, the event loop sheds the renders: player pages go out with their spinner (decision 206) */
  PAGE_RENDER_MAX_BUSY: z.coerce.number().min(0).max(1).default(0.5),
  /** Secure cookies; default on in production, where it cannot be turned off */
  COOKIE_SECURE: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  /** how long an instance may answer a session from its memory (decision 043); 0: every request asks the database */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** run the job worker (provider transfers, reconciliation, expiry) inside this process */
  WORKER_ENABLED: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(500),
  /**
   * how long a job being worked on stays held without a renewal; renewed every third of it while the
   * work runs, so a dead instance's jobs are taken over within about this long (docs/decisions/060)
   */
  WORKER_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(5_000),
  /** first retry delay of a job whose outcome is unknown; doubles up to 60 s */
  WORKER_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  /** finished jobs are deleted by the worker this long after they were done */
  JOB_RETENTION_HOURS: z.coerce.number().min(1).default(168),
  /** idempotency keys are deleted by the worker this long after their first request; a repeat after that runs again */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce.number().min(1).default(24),
  /** status calls to the bank gateway at once, confirming callbacks and the players' "check" (docs/decisions/024) */
  BANK_STATUS_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** the OnePay listener (docs/decisions/133): off only for a process that must not hear payments */
  ONEPAY_LISTENER_ENABLED: bool.default(true),
  /** the demo agency on the real bank protocols (BCEL through OnePay…), as `npm start` runs it; tests keep the sandbox's */
  SEED_DEMO_BANK_PROTOCOLS: bool.default(false),
  /** how often it reads which agencies take BCEL through OnePay */
  ONEPAY_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** the wait before subscribing again after the PubNub SDK gave up on a connection */
  ONEPAY_RECONNECT_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** calls to the game providers at once, telling them about transfers just committed (docs/decisions/024) */
  PROVIDER_CALL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** a transfer still unknown after this long is flagged for staff (DESIGN.md §4) */
  TRANSFER_ATTENTION_MINUTES: z.coerce.number().int().min(0).default(15),
  /** how long the dashboard's closed days are kept per instance before they are read again (decision 052); 0: every call reads them */
  DASHBOARD_CLOSED_DAYS_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** the sandbox: default base for every provider and for the bank gateway (development and tests only) */
  SANDBOX_URL: z.string().url().default('http://127.0.0.1:3100'),
  ...providerUrls,
  ...providerProtocolSchema,
  /** shared secret for request signing */
  PROVIDER_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.PROVIDER_SECRET),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  BANK_GATEWAY_URL: z.string().url().optional(),
  /** the Telegram Bot API for staff alerts; default https://api.telegram.org in production, the sandbox elsewhere */
  TELEGRAM_API_URL: z.string().url().optional(),
  /** the LINE Messaging API for staff alerts; default https://api.line.me in production, the sandbox elsewhere */
  LINE_API_URL: z.string().url().optional(),
  /** how often a worker looks for what to alert staff about (docs/decisions/112) */
  STAFF_ALERT_SCAN_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  BANK_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  BANK_GATEWAY_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.BANK_GATEWAY_SECRET),
  BANK_CALLBACK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.BANK_CALLBACK_SECRET),
  /** where the bank gateway sends callbacks (the sandbox is told per order); its scheme and port are the site's */
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** the demo agency on localhost; default off in production, where it cannot be turned on */
  SEED_DEMO: bool.optional(),
  SEED_STAFF_USERNAME: z.string().default('owner'),
  SEED_STAFF_PASSWORD: z.string().min(8).optional(),
  /** the key of the secrets kept in the database (lib/credentials.ts): 32 bytes, base64; a development key stands in outside production */
  CREDENTIALS_KEY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const key = v === undefined ? null : parseCredentialsKey(v);
      if (typeof key === 'string') ctx.addIssue({ code: 'custom', message: key });
    }),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
  RATE_LIMIT_ENABLED: bool.default(true),
  /** the API reference at /api/docs; default off in production */
  API_DOCS_ENABLED: bool.optional(),
  /** how often a worker runs the ledger check (its result is the metric laocredit_ledger_check_problems) */
  LEDGER_CHECK_HOURS: z.coerce.number().min(1).default(6),
  /** production applies pending migrations at start only with this; otherwise it refuses to start (docs/decisions/101) */
  MIGRATE_ON_START: bool.default(false),
  /** on SIGTERM: /readyz answers 503 at once and the listener stays open this long, for the proxy to see it */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  /** on SIGTERM: requests and jobs in flight have until this long after the signal; then the process exits 1 */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** a request must have arrived whole (headers and body) within this long */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** a connection silent this long (nothing read or written) is closed */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** an idle kept-alive connection is closed after this long: longer than the proxy's own idle timeout */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(75_000),
  /** the Prometheus listener, apart from the public port; 127.0.0.1 unless the scraper is elsewhere */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * its port; 0 or off: no metrics listener. Default 9464 in production, off elsewhere (the
   * development setup, the tests and the soak start several servers on one machine)
   */
  METRICS_PORT: z
    .string()
    .transform((v) => (v === 'off' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(65535))
    .optional(),
});

type Parsed = z.infer<typeof configSchema>;
export type Config = Omit<Parsed, 'SEED_DEMO' | 'API_DOCS_ENABLED' | 'METRICS_PORT'> & {
  SEED_DEMO: boolean;
  API_DOCS_ENABLED: boolean;
  METRICS_PORT: number;
};

export class ConfigError extends Error {}

function fail(problems: { variable: string; message: string }[]): never {
  throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) fail(parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })));
  // CREDENTIALS_KEY is read by name: the code that encrypts with it declares it
  const problems = [
    ...unknownProviderUrls(env),
    ...productionProblems({ ...parsed.data, CREDENTIALS_KEY: env.CREDENTIALS_KEY }),
    ...providerProtocolProblems(parsed.data),
  ];
  if (parsed.data.SHUTDOWN_DELAY_MS >= parsed.data.SHUTDOWN_GRACE_MS)
    problems.push({ variable: 'SHUTDOWN_DELAY_MS', message: 'must be shorter than SHUTDOWN_GRACE_MS, which it is part of' });
  problems.push(...processProblems(parsed.data));
  if (problems.length > 0) fail(problems);
  const development = parsed.data.NODE_ENV !== 'production';
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? development,
    METRICS_PORT: parsed.data.METRICS_PORT ?? (development ? 0 : 9464),
    API_DOCS_ENABLED: parsed.data.API_DOCS_ENABLED ?? development,
  };
}

/** SERVER_PROCESSES and WORKER_PROCESSES against the rest (docs/decisions/191-server-processes.md). */
function processProblems(config: Pick<Parsed, 'SERVER_PROCESSES' | 'WORKER_PROCESSES' | 'DATABASE_URL'>) {
  const problems: { variable: string; message: string }[] = [];
  if (config.SERVER_PROCESSES > 1 && config.DATABASE_URL === undefined)
    problems.push({
      variable: 'SERVER_PROCESSES',
      message: 'above 1 needs DATABASE_URL: the embedded PGlite database lives inside one process',
    });
  if (config.WORKER_PROCESSES > config.SERVER_PROCESSES)
    problems.push({ variable: 'WORKER_PROCESSES', message: `cannot exceed SERVER_PROCESSES (${config.SERVER_PROCESSES})` });
  return problems;
}

/** The base URL of a provider: PROVIDER_<ID>_URL, else the sandbox's endpoint of the provider's protocol. */
export function providerBaseUrl(config: Pick<Parsed, 'SANDBOX_URL'> & Partial<Parsed>, providerId: ProviderId): string {
  const protocol = protocolOf({ NODE_ENV: 'development', ...config }, providerId);
  return config[providerUrlVariable(providerId)] ?? `${config.SANDBOX_URL}${sandboxPathOf(protocol, providerId)}`;
}

/** The bank gateway's base URL: BANK_GATEWAY_URL, else the sandbox. */
export function bankGatewayBaseUrl(config: Pick<Parsed, 'SANDBOX_URL' | 'BANK_GATEWAY_URL'>): string {
  return config.BANK_GATEWAY_URL ?? config.SANDBOX_URL;
}

/** The bases of the staff alerts' APIs (docs/decisions/112): the variables, else the real hosts in production, the sandbox elsewhere. */
export function alertApiBaseUrls(config: Pick<Parsed, 'NODE_ENV' | 'SANDBOX_URL' | 'TELEGRAM_API_URL' | 'LINE_API_URL'>) {
  const production = config.NODE_ENV === 'production';
  return {
    telegram: config.TELEGRAM_API_URL ?? (production ? 'https://api.telegram.org' : `${config.SANDBOX_URL}/telegram`),
    line: config.LINE_API_URL ?? (production ? 'https://api.line.me' : `${config.SANDBOX_URL}/line`),
  };
}
