import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ledgerAccounts, providerTransfers } from '../../db/schema/index.js';
import { houseAccount, playerCreditState, post } from '../ledger.js';
import { playerCreditAccount, type LockedPlayerAccounts } from './accounts.js';

/**
 * Books wins and losses made at the provider since the last sync, so that the ledger's credit
 * equals the provider's balance before credit is taken out. Skipped (returns false) when a
 * transfer of this player and provider is pending or the account moved since `versionSeen`
 * was read: the provider's figure may then not match the ledger's moment. `locked`: the accounts
 * the caller's `lockPlayerAccounts` resolved and locked in this transaction, not looked up again.
 */
export async function syncCredit(
  tx: Tx,
  p: { agencyId: string; playerId: string; providerId: string; providerBalance: bigint; versionSeen: bigint; reference: string },
  locked?: LockedPlayerAccounts,
): Promise<boolean> {
  const credit = locked?.credit ?? (await playerCreditAccount(tx, p.agencyId, p.playerId, p.providerId));
  const [acc] = locked
    ? [locked]
    : await tx
        .select({ balance: ledgerAccounts.balance, version: ledgerAccounts.version })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, credit))
        .for('no key update');
  // a statement of its own, after the lock: one committed while the lock was awaited is seen
  const pending = await tx
    .select({ id: providerTransfers.id })
    .from(providerTransfers)
    .where(
      and(
        eq(providerTransfers.playerId, p.playerId),
        eq(providerTransfers.providerId, p.providerId),
        eq(providerTransfers.status, 'PENDING'),
      ),
    )
    .limit(1);
  if (!acc || pending.length > 0 || acc.version !== p.versionSeen) return false;
  const diff = p.providerBalance - acc.balance;
  if (diff === 0n) return true;
  const gaming =
    locked?.gaming ??
    (await houseAccount(tx, {
      agencyId: p.agencyId,
      playerId: p.playerId,
      type: 'GAMING_RESULT',
      currency: 'THB',
      providerId: p.providerId,
    }));
  await post(tx, {
    agencyId: p.agencyId,
    reference: p.reference,
    kind: 'gaming_result',
    entries: [
      diff > 0n
        ? { from: gaming, to: credit, currency: 'THB', amount: diff }
        : { from: credit, to: gaming, currency: 'THB', amount: -diff },
    ],
  });
  return true;
}

/** The version of a player's credit account now (0 when it does not exist yet), for syncCredit. */
export async function creditVersion(db: Db | Tx, agencyId: string, playerId: string, providerId: string): Promise<bigint> {
  return (await playerCreditState(db, agencyId, playerId, providerId)).version;
}
