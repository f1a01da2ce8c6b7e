import { z } from 'zod';
import { PROVIDER_IDS, type ProviderId } from '@app/contracts';
import type { ConfigProblem } from '../config-production.js';

/** How a provider is reached (docs/decisions/140-provider-protocols.md): our sandbox's protocol, AMB's or Betflix's. */
export const PROVIDER_PROTOCOLS = ['sandbox', 'amb', 'betflix'] as const;
export type ProviderProtocol = (typeof PROVIDER_PROTOCOLS)[number];

const SETTINGS = ['PROTOCOL', 'KEY', 'AGENT', 'CLIENT', 'SECRET'] as const;
type Setting = (typeof SETTINGS)[number];
export const providerVariable = (id: ProviderId, setting: Setting) => `PROVIDER_${id.toUpperCase()}_${setting}`;

/**
 * PROVIDER_<ID>_PROTOCOL (sandbox, amb, betflix; default sandbox) and the keys the protocol needs:
 * amb: _KEY (the partner key), _AGENT (the agent's name), _CLIENT (the client name of game logins);
 * betflix: _KEY (`x-api-key`), _SECRET (`x-api-betflix`).
 */
export const providerProtocolSchema = Object.fromEntries(
  PROVIDER_IDS.flatMap((id) =>
    SETTINGS.map((s) => [
      providerVariable(id, s),
      s === 'PROTOCOL' ? z.enum(PROVIDER_PROTOCOLS).default('sandbox') : z.string().min(1).optional(),
    ]),
  ),
) as Record<string, z.ZodType>;

/**
 * The keys of the sandbox's AMB and Betflix (invented, public: this repository has them), used
 * outside production when a key is not set; refused in production.
 */
export const DEVELOPMENT_PROVIDER_KEYS = {
  KEY: 'sandbox-partner-key-0001',
  AGENT: 'sandboxagent',
  CLIENT: 'sandboxclient',
  SECRET: 'sandbox-betflix-secret-0001',
} as const;

const NEEDED: Record<ProviderProtocol, readonly Exclude<Setting, 'PROTOCOL'>[]> = {
  sandbox: [],
  amb: ['KEY', 'AGENT', 'CLIENT'],
  betflix: ['KEY', 'SECRET'],
};

export interface ProviderProtocolSettings {
  protocol: ProviderProtocol;
  key: string;
  agent: string;
  client: string;
  secret: string;
}

type Source = { NODE_ENV: string } & Record<string, unknown>;

export function protocolOf(config: Source, id: ProviderId): ProviderProtocol {
  return (config[providerVariable(id, 'PROTOCOL')] as ProviderProtocol | undefined) ?? 'sandbox';
}

export function providerProtocolSettings(config: Source, id: ProviderId): ProviderProtocolSettings {
  const value = (s: Exclude<Setting, 'PROTOCOL'>) =>
    (config[providerVariable(id, s)] as string | undefined) ?? DEVELOPMENT_PROVIDER_KEYS[s];
  return { protocol: protocolOf(config, id), key: value('KEY'), agent: value('AGENT'), client: value('CLIENT'), secret: value('SECRET') };
}

/** In production a provider on a real protocol needs its own keys: missing or public ones stop the start. */
export function providerProtocolProblems(config: Source): ConfigProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: ConfigProblem[] = [];
  const published = new Set<string>(Object.values(DEVELOPMENT_PROVIDER_KEYS));
  for (const id of PROVIDER_IDS) {
    const protocol = protocolOf(config, id);
    for (const s of NEEDED[protocol]) {
      const variable = providerVariable(id, s);
      const value = config[variable] as string | undefined;
      if (value === undefined) problems.push({ variable, message: `must be set in production: provider ${id} speaks ${protocol}` });
      else if (s !== 'AGENT' && s !== 'CLIENT' && published.has(value))
        problems.push({ variable, message: 'is a development default, published in this repository' });
    }
  }
  return problems;
}

/** Where a provider is reached by default: the sandbox's endpoint of its protocol. */
export const sandboxPathOf = (protocol: ProviderProtocol, id: ProviderId) =>
  protocol === 'sandbox' ? `/providers/${id}` : `/providers/${protocol}/${id}`;
