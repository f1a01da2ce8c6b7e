import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledgerAccounts } from '../../db/schema/index.js';
import { ensureAccount, ensureAccounts, houseKey, type AccountKey } from '../ledger.js';
import type { Transfer } from './kinds.js';

/** The identities of a player's in-flight account at a provider and of their credit account there: `[inFlight, credit]`. */
export function playerAccountKeys(agencyId: string, playerId: string, providerId: string) {
  return [
    houseKey({ agencyId, playerId, type: 'TRANSFER_IN_FLIGHT', currency: 'THB', providerId }),
    { agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId },
  ] as const satisfies readonly AccountKey[];
}

/**
 * The in-flight account a new transfer of this player at this provider reserves on, and the
 * player's credit account there, in one query: `[inFlight, credit]`.
 */
export async function playerAccounts(tx: Tx, agencyId: string, playerId: string, providerId: string) {
  return ensureAccounts(tx, playerAccountKeys(agencyId, playerId, providerId));
}

/** A player's accounts at a provider resolved and locked once for a transaction (`lockPlayerAccounts`). */
export interface LockedPlayerAccounts {
  inFlight: string;
  credit: string;
  /** the copy of GAMING_RESULT that syncCredit books a difference on */
  gaming: string;
  /** the credit account as locked: no posting moves it before the transaction ends */
  balance: bigint;
  version: bigint;
  /** the ids of the caller's own keys, in order */
  more: string[];
}

/**
 * Locks a player's in-flight and credit accounts at a provider, in id order, for a caller that will
 * sync the credit and then request a transfer in one transaction: syncCredit locks the credit account
 * and a transfer then the in-flight one, while a settling transfer of the same player takes them in id
 * order; taking both first, in id order, keeps the two from waiting on each other crosswise. A read
 * lock only: the ledger still does the writing. The accounts the transaction goes on to use (the
 * caller's `more`, GAMING_RESULT for syncCredit) are resolved in the same lookup, and the credit's
 * balance and version read by the lock: the transaction resolves each account once (decision 183).
 */
export async function lockPlayerAccounts(
  tx: Tx,
  agencyId: string,
  playerId: string,
  providerId: string,
  more: readonly AccountKey[] = [],
): Promise<LockedPlayerAccounts> {
  const [inFlight, credit, gaming, ...rest] = await ensureAccounts(tx, [
    ...playerAccountKeys(agencyId, playerId, providerId),
    houseKey({ agencyId, playerId, type: 'GAMING_RESULT', currency: 'THB', providerId }),
    ...more,
  ]);
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, version: ledgerAccounts.version })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [inFlight!, credit!]))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
  const locked = rows.find((r) => r.id === credit);
  if (!locked) throw new Error(`ledger: no account ${credit}`);
  return { inFlight: inFlight!, credit: credit!, gaming: gaming!, balance: locked.balance, version: locked.version, more: rest };
}

export async function playerCreditAccount(tx: Tx, agencyId: string, playerId: string, providerId: string) {
  return ensureAccount(tx, { agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId });
}

/** The in-flight account a transfer reserved on (shard 0 for those requested before migration 0009). */
export async function reservedOn(tx: Tx, t: Transfer) {
  return (
    t.inFlightAccountId ??
    ensureAccount(tx, { agencyId: t.agencyId, type: 'TRANSFER_IN_FLIGHT', currency: 'THB', providerId: t.providerId })
  );
}

/**
 * In a query on provider_transfers: the id of the transfer's player's credit account at its
 * provider, found through every column of the identity index (ledger_accounts_identity indexes
 * coalesce(player_id, …) and coalesce(provider_id, …): on the bare columns only its first three
 * applied, and a generic plan read every credit account of the agency for each transfer).
 */
export const creditAccountOf = sql<string | null>`(SELECT a.id FROM ledger_accounts a
   WHERE a.agency_id = provider_transfers.agency_id AND a.type = 'PLAYER_CREDIT' AND a.currency = 'THB'
     AND coalesce(a.player_id, '00000000-0000-0000-0000-000000000000'::uuid) = provider_transfers.player_id
     AND coalesce(a.provider_id, '') = provider_transfers.provider_id AND a.shard = 0)`;
