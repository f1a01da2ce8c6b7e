import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@app/contracts';
import { statementOnce, type Db, type Tx } from '../db/client.js';
import { sqlStateError } from '../db/errors.js';
import { ledgerAccounts, type LedgerAccountType } from '../db/schema/index.js';

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

const identity = (k: AccountKey) => [k.agencyId, k.type, k.currency, k.playerId ?? '', k.providerId ?? '', k.shard ?? 0].join('|');

const keysSql = sql`SELECT * FROM jsonb_to_recordset(${sql.placeholder('keys')}::jsonb)
                      AS k (i int, agency_id uuid, type text, currency text, player_id uuid, provider_id text, shard smallint)`;
const same = (a: string) =>
  sql.raw(`${a}.agency_id = k.agency_id AND ${a}.type = k.type AND ${a}.currency = k.currency
    AND coalesce(${a}.player_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.player_id, '00000000-0000-0000-0000-000000000000'::uuid)
    AND coalesce(${a}.provider_id, '') = coalesce(k.provider_id, '') AND ${a}.shard = k.shard`);
// Each identity is looked up through the identity index, one probe per key (LATERAL … LIMIT 1):
// joined as a set, the planner (which guesses 100 rows for a JSON function) read the whole
// accounts table instead, on every settlement (docs/decisions/021-settlement-in-groups.md).
// Built once, the keys bound per call (decision 187).
const lookupAccounts = statementOnce<{ i: number; id: string | null }>(
  'ledger_ensure_accounts',
  sql`WITH k AS (${keysSql}),
      found AS (
        SELECT k.*, a.id AS found_id FROM k
          LEFT JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE ${same('a')} LIMIT 1) a ON true),
      created AS (
        INSERT INTO ledger_accounts (agency_id, type, currency, player_id, provider_id, shard)
        SELECT k.agency_id, k.type, k.currency, k.player_id, k.provider_id, k.shard FROM found k WHERE k.found_id IS NULL
        ON CONFLICT DO NOTHING
        RETURNING id, agency_id, type, currency, player_id, provider_id, shard)
      SELECT k.i, coalesce(k.found_id, c.id)::text AS id FROM found k
        LEFT JOIN created c ON ${same('c')}`,
);
const lookupAccountsAgain = statementOnce<{ i: number; id: string }>(
  'ledger_ensure_accounts_again',
  sql`WITH k AS (${keysSql}) SELECT k.i, a.id::text AS id FROM k JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE ${same('a')} LIMIT 1) a ON true`,
);

/**
 * The ids of the accounts with these identities, in order, created on first use: one statement
 * whatever their number (found or inserted by a data-modifying CTE, matched on the identity
 * index), and a second look only for one that a concurrent transaction created meanwhile.
 */
export async function ensureAccounts<const K extends readonly AccountKey[]>(tx: Tx | Db, keys: K): Promise<{ [I in keyof K]: string }> {
  // an identity asked for twice (several orders of one shard) is looked up once; each identity's
  // text is made once per call, and the answers are matched by position
  const names = keys.map(identity);
  const slotOf = new Map<string, number>();
  const unique: AccountKey[] = [];
  names.forEach((name, i) => {
    if (slotOf.has(name)) return;
    slotOf.set(name, unique.length);
    unique.push(keys[i]!);
  });
  const json = JSON.stringify(
    unique.map((k, i) => ({
      i,
      agency_id: k.agencyId,
      type: k.type,
      currency: k.currency,
      player_id: k.playerId ?? null,
      provider_id: k.providerId ?? null,
      shard: k.shard ?? 0,
    })),
  );
  const ids: (string | null)[] = unique.map(() => null);
  for (const r of await lookupAccounts(tx, { keys: json })) ids[r.i] = r.id;
  if (ids.some((id) => !id)) {
    // created by a transaction that committed while this statement ran: visible to a new statement
    for (const r of await lookupAccountsAgain(tx, { keys: json })) ids[r.i] = r.id;
  }
  return names.map((name) => {
    const id = ids[slotOf.get(name)!];
    if (!id) throw new Error(`ledger: no account ${name}`);
    return id;
  }) as { [I in keyof K]: string };
}

/** The id of the account with this identity, created on first use. */
export async function ensureAccount(tx: Tx | Db, key: AccountKey): Promise<string> {
  const [id] = await ensureAccounts(tx, [key]);
  return id;
}

/** The identity of the copy of a house account that postings made for this player use (see HOUSE_SHARDS). */
export function houseKey(key: {
  agencyId: string;
  playerId: string;
  type: HouseAccountType;
  currency: CurrencyCode;
  providerId?: string;
}): AccountKey {
  const { playerId, ...rest } = key;
  return { ...rest, shard: houseShard(playerId) };
}

/** The copy of a house account that postings made for this player use. */
export function houseAccount(tx: Tx | Db, key: Parameters<typeof houseKey>[0]): Promise<string> {
  return ensureAccount(tx, houseKey(key));
}

/**
 * Posts a transaction: `postMany` with a list of one. Returns `duplicate: true` and changes nothing
 * when the reference was already posted.
 */
export async function post(tx: Tx, req: PostRequest): Promise<Posted> {
  const [posted] = await postMany(tx, [req]);
  return posted!;
}

export interface Posted {
  transactionId: string;
  /** the reference had been posted before (or earlier in the same list): nothing of it was written */
  duplicate: boolean;
}

// built once, the list bound per call (decision 187)
const postManyStatement = statementOnce<{ ord: number; transaction_id: string; duplicate: boolean }>(
  'ledger_post_many',
  sql`SELECT ord, transaction_id::text AS transaction_id, duplicate FROM ledger_post_many(${sql.placeholder('txs')}::jsonb)`,
);

/**
 * Posts transactions in one round trip, in order, through the database function `ledger_post_many`
 * (migration 0011): locks every account they touch in id order (so concurrent posts never
 * deadlock), checks the balances that must stay non-negative as if they were posted one after the
 * other, then appends the entries; the database trigger moves the cached balances and the CHECK
 * constraint backs the check. Answers one result per request, in order. A refusal (InsufficientFundsError,
 * an unknown account, another agency's account) writes nothing of the list.
 */
export async function postMany(tx: Tx, reqs: readonly PostRequest[]): Promise<Posted[]> {
  if (reqs.length === 0) return [];
  for (const req of reqs) {
    if (req.entries.length === 0) throw new Error('ledger: a transaction needs entries');
    for (const e of req.entries) {
      if (e.amount <= 0n) throw new Error(`ledger: entry amount must be positive, got ${e.amount}`);
    }
  }
  const txs = reqs.map((r) => ({
    agencyId: r.agencyId,
    reference: r.reference,
    kind: r.kind,
    metadata: r.metadata ?? null,
    entries: r.entries.map((e) => ({ from: e.from, to: e.to, currency: e.currency, amount: e.amount.toString() })),
  }));
  let rows: { ord: number; transaction_id: string; duplicate: boolean }[];
  try {
    rows = await postManyStatement(tx, { txs: JSON.stringify(txs) });
  } catch (err) {
    const short = sqlStateError(err, 'LD001');
    const m = short && /account ([0-9a-f-]{36}) has (-?\d+), needs (-?\d+)/.exec(String(short.message));
    if (m) throw new InsufficientFundsError(m[1]!, BigInt(m[2]!), BigInt(m[3]!));
    // the function's own refusals (unknown account, another agency…)
    const refused = sqlStateError(err, 'P0001');
    if (refused && String(refused.message).startsWith('ledger:')) throw new Error(String(refused.message), { cause: err });
    throw err;
  }
  if (rows.length !== reqs.length) throw new Error(`ledger: ledger_post_many answered ${rows.length} rows for ${reqs.length}`);
  return rows.sort((a, b) => Number(a.ord) - Number(b.ord)).map((r) => ({ transactionId: r.transaction_id, duplicate: r.duplicate }));
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
