import { and, eq, sql } from 'drizzle-orm';
import type { BankCode } from '@app/contracts';
import type { Db, Tx } from '../db/client.js';
import { agencyBankConfig } from '../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../lib/credentials.js';
import { BankGatewayUnavailableError, type BankGateway, type BankProtocol } from './bank-gateway.js';

/** What an adapter is built with besides its credentials. */
export interface AdapterContext {
  agencyId: string;
  bank: BankCode;
  timeoutMs: number;
  /** the server's public root, for the bank's notices */
  publicUrl: string;
  /** the database, for the protocols whose bank speaks only by pushing (OnePay's recorded messages) */
  db?: Db | Tx;
  /** the sandbox's root (SANDBOX_URL), for credentials that name the sandbox as their service */
  sandboxUrl?: string;
}

/** Builds one protocol's adapter from the agency's decrypted credentials (validated by the factory itself). */
export type BankAdapterFactory = (credentials: unknown, ctx: AdapterContext) => BankGateway;

/** Each protocol's factory; `sandbox` is the app's own client and needs none. */
export type BankAdapterFactories = Partial<Record<Exclude<BankProtocol, 'sandbox'>, BankAdapterFactory>>;

/** The adapter an agency's configuration names for each of its banks (DESIGN.md §5, docs/decisions/120). */
export interface BankGateways {
  /** `sandbox` when the agency has no row for the bank or chose it */
  for(agencyId: string, bank: BankCode): Promise<BankGateway>;
  /** forgets what was read of the agency's configuration (it was just changed in this process) */
  forget(agencyId: string): void;
}

/** Credentials are bound to their row: a value copied to another agency or bank does not decrypt. */
const credentialsContext = (agencyId: string, bank: BankCode) => `bank:${agencyId}:${bank}`;

/** A configuration read is kept this long: a change made by another process reaches this one within it. */
const CACHE_MS = 30_000;

export function createBankGateways(opts: {
  db: Db;
  key: Buffer;
  sandbox: BankGateway;
  factories: BankAdapterFactories;
  timeoutMs: number;
  publicUrl: string;
  sandboxUrl: string;
}): BankGateways {
  const cache = new Map<string, { at: number; gateway: Promise<BankGateway> }>();

  async function build(agencyId: string, bank: BankCode): Promise<BankGateway> {
    const [row] = await opts.db
      .select({ protocol: agencyBankConfig.protocol, credentials: agencyBankConfig.credentials })
      .from(agencyBankConfig)
      .where(and(eq(agencyBankConfig.agencyId, agencyId), eq(agencyBankConfig.bank, bank)));
    if (!row || row.protocol === 'sandbox') return opts.sandbox;
    const factory = opts.factories[row.protocol];
    // a protocol this build cannot speak, or credentials missing: the bank cannot be asked, nothing is decided
    if (!factory) throw new BankGatewayUnavailableError(`no adapter for protocol ${row.protocol}`);
    if (!row.credentials) throw new BankGatewayUnavailableError(`${bank}: ${row.protocol} has no credentials`);
    let credentials: unknown;
    try {
      credentials = JSON.parse(decryptSecret(opts.key, row.credentials, credentialsContext(agencyId, bank)));
    } catch (err) {
      // another CREDENTIALS_KEY, or a value moved between rows: a configuration fault, never an answer
      throw new BankGatewayUnavailableError(`${bank}: credentials unreadable (${(err as Error).message})`);
    }
    return factory(credentials, {
      agencyId,
      bank,
      timeoutMs: opts.timeoutMs,
      publicUrl: opts.publicUrl,
      db: opts.db,
      sandboxUrl: opts.sandboxUrl,
    });
  }

  return {
    for(agencyId, bank) {
      const id = `${agencyId}:${bank}`;
      const hit = cache.get(id);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.gateway;
      const gateway = build(agencyId, bank);
      cache.set(id, { at: Date.now(), gateway });
      // a failed read is not kept: the next question reads again
      gateway.catch(() => cache.delete(id));
      return gateway;
    },
    forget(agencyId) {
      for (const id of cache.keys()) if (id.startsWith(`${agencyId}:`)) cache.delete(id);
    },
  };
}

export class BankConfigMissingError extends Error {
  override readonly name = 'BankConfigMissingError';
}

/**
 * Sets the protocol the server speaks to `bank` for the agency, and its credentials, encrypted
 * under `key` (CREDENTIALS_KEY). The agency must have the bank configured (merchant id, …). The
 * credentials are checked by the protocol's factory before anything is written; `sandbox` keeps none.
 * For the operations command and the back office's bank settings.
 */
export async function setBankProtocol(
  db: Db | Tx,
  agencyId: string,
  bank: BankCode,
  change: { protocol: BankProtocol; credentials?: unknown },
  deps: { key: Buffer; factories: BankAdapterFactories },
): Promise<void> {
  let stored: string | null = null;
  if (change.protocol !== 'sandbox') {
    const factory = deps.factories[change.protocol];
    if (!factory) throw new Error(`protocol ${change.protocol} is not available in this build`);
    // throws (zod) on credentials of the wrong shape
    factory(change.credentials, { agencyId, bank, timeoutMs: 1, publicUrl: 'http://127.0.0.1', db, sandboxUrl: 'http://127.0.0.1' });
    stored = encryptSecret(deps.key, JSON.stringify(change.credentials), credentialsContext(agencyId, bank));
  }
  const updated = await db
    .update(agencyBankConfig)
    .set({ protocol: change.protocol, credentials: stored, updatedAt: sql`now()` })
    .where(and(eq(agencyBankConfig.agencyId, agencyId), eq(agencyBankConfig.bank, bank)))
    .returning({ bank: agencyBankConfig.bank });
  if (updated.length === 0) throw new BankConfigMissingError(`agency ${agencyId} has no configuration for ${bank}`);
}
