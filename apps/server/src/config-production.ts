import { PROVIDER_IDS, type ProviderId } from '@app/contracts';

/** `PROVIDER_GCLUB_URL`, …: the variable of one provider's base URL. */
export const providerUrlVariable = (id: ProviderId) => `PROVIDER_${id.toUpperCase()}_URL` as ProviderUrlVariable;
export type ProviderUrlVariable = `PROVIDER_${Uppercase<ProviderId>}_URL`;

/** The development defaults of the shared secrets: public (they are in this repository), so refused in production. */
export const DEVELOPMENT_SECRETS = {
  PROVIDER_SECRET: 'sandbox-provider-secret-change-me',
  BANK_GATEWAY_SECRET: 'sandbox-bank-secret-change-me',
  BANK_CALLBACK_SECRET: 'sandbox-callback-secret-change-me',
} as const;

export interface ConfigProblem {
  variable: string;
  message: string;
}

/** What the production rules read of the parsed configuration. */
interface ProductionInput {
  NODE_ENV: string;
  SANDBOX_URL: string;
  BANK_GATEWAY_URL?: string | undefined;
  TELEGRAM_API_URL?: string | undefined;
  LINE_API_URL?: string | undefined;
  PUBLIC_URL: string;
  COOKIE_SECURE?: boolean | undefined;
  SEED_DEMO?: boolean | undefined;
  TRUST_PROXY: false | string[];
  PROVIDER_SECRET: string;
  BANK_GATEWAY_SECRET: string;
  BANK_CALLBACK_SECRET: string;
  DATABASE_URL?: string | undefined;
  RATE_LIMIT_ENABLED: boolean;
  ARGON2_MEMORY_KIB: number;
  ARGON2_ITERATIONS: number;
  /** the key of the credentials encrypted at rest (32 bytes, base64); read from the environment by name */
  CREDENTIALS_KEY?: string | undefined;
  [providerUrl: `PROVIDER_${string}_URL`]: string | undefined;
}

const PROVIDER_URL = /^PROVIDER_(.+)_URL$/;

/** A `PROVIDER_<ID>_URL` whose id is no provider of ours: a typo that would silently leave that provider on the sandbox. */
export function unknownProviderUrls(env: Record<string, string | undefined>): ConfigProblem[] {
  const known = new Set<string>(PROVIDER_IDS.map(providerUrlVariable));
  return Object.keys(env)
    .filter((name) => PROVIDER_URL.test(name) && !known.has(name))
    .map((variable) => ({ variable, message: `no provider has this id; the providers are ${PROVIDER_IDS.join(', ')}` }));
}

const KNOWN_SECRETS = new Set<string>(Object.values(DEVELOPMENT_SECRETS));

/** The secrets each production instance must hold, of its own: compared with each other and measured. */
const SECRET_VARIABLES = [...(Object.keys(DEVELOPMENT_SECRETS) as (keyof typeof DEVELOPMENT_SECRETS)[]), 'CREDENTIALS_KEY'] as const;
/** a secret guessed offline must take at least 2^128 tries: 32 characters of a random password or key */
const MIN_SECRET_LENGTH = 32;
/** OWASP's password storage minimum for argon2id: 19 MiB, 2 iterations, 1 lane */
export const ARGON2_MINIMUM = { memoryKib: 19_456, iterations: 2 } as const;

/**
 * Production fails closed (DESIGN.md §10, docs/decisions/038-production-fails-closed.md): every
 * setting that would let the sandbox, a public secret or a plain-http address stand in for the real
 * thing stops the start, naming the variable. Empty outside production.
 */
export function productionProblems(config: ProductionInput): ConfigProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: ConfigProblem[] = [];
  const refuse = (variable: string, message: string) => problems.push({ variable, message });

  for (const variable of Object.keys(DEVELOPMENT_SECRETS) as (keyof typeof DEVELOPMENT_SECRETS)[]) {
    // any of the repository's secrets, not only this variable's own default, is public
    if (KNOWN_SECRETS.has(config[variable]))
      refuse(variable, 'is a development default, published in this repository; set a secret of your own');
  }
  secretProblems(config).forEach((p) => refuse(p.variable, p.message));
  if (config.DATABASE_URL === undefined)
    refuse('DATABASE_URL', 'must be set in production: the embedded PGlite database serves one process and is not for real money');
  if (!config.RATE_LIMIT_ENABLED)
    refuse(
      'RATE_LIMIT_ENABLED',
      'cannot be turned off in production (it also switches off the throttle of logins and second-factor codes)',
    );
  if (config.ARGON2_MEMORY_KIB < ARGON2_MINIMUM.memoryKib)
    refuse('ARGON2_MEMORY_KIB', `is below OWASP's minimum for argon2id in production (${ARGON2_MINIMUM.memoryKib} KiB, 19 MiB)`);
  if (config.ARGON2_ITERATIONS < ARGON2_MINIMUM.iterations)
    refuse('ARGON2_ITERATIONS', `is below OWASP's minimum for argon2id in production (${ARGON2_MINIMUM.iterations} iterations)`);
  const sandbox = originOf(config.SANDBOX_URL);
  const outside = (variable: string, value: string | undefined, what: string) => {
    if (value === undefined) return refuse(variable, `must be set in production (${what} would be the sandbox, SANDBOX_URL)`);
    if (originOf(value) === sandbox) return refuse(variable, `points at the sandbox (SANDBOX_URL); ${what} must be the real one`);
    if (!value.startsWith('https://')) refuse(variable, `must be https in production (${what} answers decide what is credited)`);
  };
  for (const id of PROVIDER_IDS) {
    const variable = providerUrlVariable(id);
    outside(variable, config[variable], `provider ${id}`);
  }
  outside('BANK_GATEWAY_URL', config.BANK_GATEWAY_URL, 'the bank gateway');
  // unset, the staff alerts go to the real hosts (config.ts alertApiBaseUrls); set, they carry bot tokens
  for (const variable of ['TELEGRAM_API_URL', 'LINE_API_URL'] as const) {
    const value = config[variable];
    if (value !== undefined && (originOf(value) === sandbox || !value.startsWith('https://')))
      refuse(variable, 'must be an https address other than the sandbox in production (the staff alerts and their tokens go there)');
  }
  if (!config.PUBLIC_URL.startsWith('https://')) refuse('PUBLIC_URL', 'must be https in production');
  if (config.TRUST_PROXY === false) {
    // the server speaks plain http: an https PUBLIC_URL means a proxy in front, whose hop must be known
    // for the players' addresses (rate limits) and the https scheme (Origin checks) to be seen
    refuse('TRUST_PROXY', "must name the TLS proxy in front of the server in production (its addresses or CIDRs, e.g. 'loopback')");
  }
  if (config.COOKIE_SECURE === false) refuse('COOKIE_SECURE', 'cannot be turned off in production');
  if (config.SEED_DEMO === true) refuse('SEED_DEMO', 'the demo agency (bound to localhost) is never created in production');
  return problems;
}

/**
 * The production secrets: each at least 32 characters, none the same as another (one leaked value
 * must not open two doors), CREDENTIALS_KEY exactly 32 bytes of base64 (AES-256's key).
 */
function secretProblems(config: ProductionInput): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Map<string, string>();
  for (const variable of SECRET_VARIABLES) {
    const value = config[variable];
    if (variable === 'CREDENTIALS_KEY') {
      const key = credentialsKeyProblem(value);
      if (key) problems.push({ variable, message: key });
    } else if (value !== undefined && value.length < MIN_SECRET_LENGTH && !KNOWN_SECRETS.has(value)) {
      problems.push({ variable, message: `is shorter than ${MIN_SECRET_LENGTH} characters; set a long random secret` });
    }
    if (value === undefined || value === '') continue;
    const other = seen.get(value);
    if (other) problems.push({ variable, message: `is the same secret as ${other}; each variable needs a secret of its own` });
    else seen.set(value, variable);
  }
  return problems;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Why CREDENTIALS_KEY cannot be the key of the credentials stored encrypted, or undefined when it can. */
function credentialsKeyProblem(value: string | undefined): string | undefined {
  const make = 'generate one with `openssl rand -base64 32`';
  if (value === undefined || value === '') return `must be set in production (the key of the credentials stored encrypted); ${make}`;
  if (!BASE64.test(value) || Buffer.from(value, 'base64').length !== 32) return `must be 32 bytes in base64 (44 characters); ${make}`;
  return undefined;
}

function originOf(url: string): string {
  return new URL(url).origin;
}
