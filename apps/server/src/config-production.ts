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
  PUBLIC_URL: string;
  COOKIE_SECURE?: boolean | undefined;
  SEED_DEMO?: boolean | undefined;
  TRUST_PROXY: false | string[];
  PROVIDER_SECRET: string;
  BANK_GATEWAY_SECRET: string;
  BANK_CALLBACK_SECRET: string;
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

function originOf(url: string): string {
  return new URL(url).origin;
}
