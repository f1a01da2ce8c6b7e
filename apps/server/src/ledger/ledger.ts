import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerAccountType } from '../db/schema/index.js';

/**
 * The double-entry ledger (DESIGN.md §3, docs/decisions/009-ledger.md). The only writer of the
 * ledger tables. Every function here runs inside the caller's transaction.
 */
export interface AccountKey {
  agencyId: string;
  type: LedgerAccountType;
  currency: CurrencyCode;
  playerId?: string | null;
  providerId?: string | null;
  /** house accounts only: which of the HOUSE_SHARDS copies (houseShard of the player served) */
  shard?: number;
}

/**
 * House accounts (clearing, exchange, in flight, gaming result, promotion expense) exist in this many
 * copies per agency, currency and provider; a posting made for a player takes the copies of the
 * player's shard, so that settlements of different players rarely queue on one row lock
 * (docs/decisions/017-house-account-shards.md). A house balance is the sum of its copies. Changing
 * this number is safe: a transfer settles from the in-flight copy it reserved on.
 */
export const HOUSE_SHARDS = 64;

/** The shard of a player's postings on house accounts: stable, spread by the uuid's random bits. */
export function houseShard(playerId: string): number {
  return Number.parseInt(playerId.slice(-8), 16) % HOUSE_SHARDS;
}

export interface Entry {
  from: string;
  to: string;
  currency: CurrencyCode;
  amount: bigint;
}

export interface PostRequest {
  agencyId: string;
  /** unique across the ledger: a second post with the same reference has no effect */
  reference: string;
  kind: string;
  entries: Entry[];
  metadata?: Record<string, unknown>;
}

/** An account whose balance may not go below zero would have. Nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountId: string,
    readonly balance: bigint,
    readonly needed: bigint,
  ) {
    super(`ledger: account ${accountId} has ${balance}, needs ${needed}`);
  }
}

/** Accounts split into shards; PLAYER_CREDIT is a player's own, WITHDRAWALS_PAYABLE stays whole. */
export type HouseAccountType = Exclude<LedgerAccountType, 'PLAYER_CREDIT' | 'WITHDRAWALS_PAYABLE'>;

const NON_NEGATIVE: ReadonlySet<LedgerAccountType> = new Set(['PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE']);

const identity = (k: AccountKey) => [k.agencyId, k.type, k.currency, k.playerId ?? '', k.providerId ?? '', k.shard ?? 0].join('|');

/**
 * The ids of the accounts with these identities, in order, created on first use: one query when
 * they all exist (the usual case), so a posting's accounts cost one round trip, not one each.
 */
export async function ensureAccounts<const K extends readonly AccountKey[]>(tx: Tx | Db, keys: K): Promise<{ [I in keyof K]: string }> {
  const where = or(
    ...keys.map((k) =>
      and(
        eq(ledgerAccounts.agencyId, k.agencyId),
        eq(ledgerAccounts.type, k.type),
        eq(ledgerAccounts.currency, k.currency),
        k.playerId ? eq(ledgerAccounts.playerId, k.playerId) : isNull(ledgerAccounts.playerId),
        k.providerId ? eq(ledgerAccounts.providerId, k.providerId) : isNull(ledgerAccounts.providerId),
        eq(ledgerAccounts.shard, k.shard ?? 0),
      ),
    ),
  );
  const find = async () => {
    const rows = await tx
      .select({
        id: ledgerAccounts.id,
        agencyId: ledgerAccounts.agencyId,
        type: ledgerAccounts.type,
        currency: ledgerAccounts.currency,
        playerId: ledgerAccounts.playerId,
        providerId: ledgerAccounts.providerId,
        shard: ledgerAccounts.shard,
      })
      .from(ledgerAccounts)
      .where(where);
    return new Map(rows.map((r) => [identity(r), r.id]));
  };
  let found = await find();
  const missing = keys.filter((k) => !found.has(identity(k)));
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(
        missing.map((k) => ({ agencyId: k.agencyId, type: k.type, currency: k.currency, playerId: k.playerId ?? null, providerId: k.providerId ?? null, shard: k.shard ?? 0 })),
      )
      .onConflictDoNothing();
    found = await find();
  }
  return keys.map((k) => found.get(identity(k))!) as { [I in keyof K]: string };
}

/** The id of the account with this identity, created on first use. */
export async function ensureAccount(tx: Tx | Db, key: AccountKey): Promise<string> {
  const [id] = await ensureAccounts(tx, [key]);
  return id;
}

/** The identity of the copy of a house account that postings made for this player use (see HOUSE_SHARDS). */
export function houseKey(key: { agencyId: string; playerId: string; type: HouseAccountType; currency: CurrencyCode; providerId?: string }): AccountKey {
  const { playerId, ...rest } = key;
  return { ...rest, shard: houseShard(playerId) };
}

/** The copy of a house account that postings made for this player use. */
export function houseAccount(tx: Tx | Db, key: Parameters<typeof houseKey>[0]): Promise<string> {
  return ensureAccount(tx, houseKey(key));
}

/**
 * Posts a transaction: locks every account it touches in id order (so concurrent posts never
 * deadlock), checks the balances that must stay non-negative, then appends the entries; the
 * database trigger moves the cached balances and the CHECK constraint backs the check.
 * Returns `duplicate: true` and changes nothing when the reference was already posted.
 */
export async function post(tx: Tx, req: PostRequest): Promise<{ transactionId: string; duplicate: boolean }> {
  if (req.entries.length === 0) throw new Error('ledger: a transaction needs entries');
  for (const e of req.entries) {
    if (e.amount <= 0n) throw new Error(`ledger: entry amount must be positive, got ${e.amount}`);
  }
  // one round trip: the transaction row (nothing when the reference was posted before) and the
  // accounts locked in id order. NO KEY UPDATE, not UPDATE: the ledger never changes an account's
  // key, and this lock does not conflict with the KEY SHARE locks that foreign keys to the account
  // take (a transfer row, an entry), so those can never turn into a deadlock with a posting.
  const ids = [...new Set(req.entries.flatMap((e) => [e.from, e.to]))].sort();
  const rows = await queryRows<{ id: string; type: LedgerAccountType; balance: string; agency_id: string; transaction_id: string | null }>(
    tx,
    sql`WITH created AS (
          INSERT INTO ledger_transactions (agency_id, reference, kind, metadata)
          VALUES (${req.agencyId}::uuid, ${req.reference}, ${req.kind}, ${req.metadata ? JSON.stringify(req.metadata) : null}::jsonb)
          ON CONFLICT (reference) DO NOTHING RETURNING id)
        SELECT a.id::text AS id, a.type, a.balance::text AS balance, a.agency_id::text AS agency_id,
               (SELECT id::text FROM created) AS transaction_id
          FROM ledger_accounts a
         WHERE a.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
         ORDER BY a.id
           FOR NO KEY UPDATE OF a`,
  );
  if (rows.length !== ids.length) throw new Error('ledger: unknown account in transaction');
  const transactionId = rows[0]!.transaction_id;
  if (!transactionId) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, req.reference));
    return { transactionId: existing!.id, duplicate: true };
  }
  const locked = rows.map((r) => ({ id: r.id, type: r.type, balance: BigInt(r.balance), agencyId: r.agency_id }));
  for (const a of locked) {
    if (a.agencyId !== req.agencyId) throw new Error('ledger: accounts of another agency');
  }
  const net = new Map<string, bigint>();
  for (const e of req.entries) {
    net.set(e.from, (net.get(e.from) ?? 0n) - e.amount);
    net.set(e.to, (net.get(e.to) ?? 0n) + e.amount);
  }
  for (const a of locked) {
    const after = a.balance + (net.get(a.id) ?? 0n);
    if (NON_NEGATIVE.has(a.type) && after < 0n) throw new InsufficientFundsError(a.id, a.balance, -(net.get(a.id) ?? 0n));
  }
  await tx.insert(ledgerEntries).values(
    req.entries.map((e) => ({ transactionId, fromAccountId: e.from, toAccountId: e.to, currency: e.currency, amount: e.amount })),
  );
  return { transactionId, duplicate: false };
}

export async function balanceOf(db: Tx | Db, accountId: string): Promise<bigint> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0n;
}

/** A player's credit account at a provider: balance and version (both 0 when it does not exist yet). */
export async function playerCreditState(
  db: Tx | Db,
  agencyId: string,
  playerId: string,
  providerId: string,
): Promise<{ balance: bigint; version: bigint }> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, version: ledgerAccounts.version })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.agencyId, agencyId),
        eq(ledgerAccounts.type, 'PLAYER_CREDIT'),
        eq(ledgerAccounts.playerId, playerId),
        eq(ledgerAccounts.providerId, providerId),
      ),
    );
  return row ?? { balance: 0n, version: 0n };
}

/** A player's ledger credit at a provider (0 when the account does not exist yet). */
export async function playerCredit(db: Tx | Db, agencyId: string, playerId: string, providerId: string): Promise<bigint> {
  return (await playerCreditState(db, agencyId, playerId, providerId)).balance;
}
