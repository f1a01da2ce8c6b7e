import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CurrencyCode } from '@app/contracts';
import type { Db, Tx } from '../db/client.js';
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

const NON_NEGATIVE: ReadonlySet<LedgerAccountType> = new Set(['PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE']);

/** The id of the account with this identity, created on first use. */
export async function ensureAccount(tx: Tx | Db, key: AccountKey): Promise<string> {
  const playerId = key.playerId ?? null;
  const providerId = key.providerId ?? null;
  const where = and(
    eq(ledgerAccounts.agencyId, key.agencyId),
    eq(ledgerAccounts.type, key.type),
    eq(ledgerAccounts.currency, key.currency),
    playerId ? eq(ledgerAccounts.playerId, playerId) : isNull(ledgerAccounts.playerId),
    providerId ? eq(ledgerAccounts.providerId, providerId) : isNull(ledgerAccounts.providerId),
  );
  const found = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found[0]) return found[0].id;
  await tx
    .insert(ledgerAccounts)
    .values({ agencyId: key.agencyId, type: key.type, currency: key.currency, playerId, providerId })
    .onConflictDoNothing();
  const created = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  return created[0]!.id;
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
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({ agencyId: req.agencyId, reference: req.reference, kind: req.kind, metadata: req.metadata ?? null })
    .onConflictDoNothing({ target: ledgerTransactions.reference })
    .returning({ id: ledgerTransactions.id });
  if (!inserted[0]) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, req.reference));
    return { transactionId: existing!.id, duplicate: true };
  }
  const transactionId = inserted[0].id;

  const ids = [...new Set(req.entries.flatMap((e) => [e.from, e.to]))].sort();
  const locked = await tx
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type, balance: ledgerAccounts.balance, agencyId: ledgerAccounts.agencyId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    // NO KEY UPDATE, not UPDATE: the ledger never changes an account's key, and this lock does not
    // conflict with the KEY SHARE locks that foreign keys to the account take (a transfer row, an
    // entry), so those can never turn into a deadlock with a posting
    .for('no key update');
  if (locked.length !== ids.length) throw new Error('ledger: unknown account in transaction');
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
