import { and, asc, eq } from 'drizzle-orm';
import { checkBankAccount, normalizeAccountNumber, type BankAccount } from '@app/contracts';
import { tableRows } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { playerBankAccounts } from '../../db/schema/index.js';
import { accountInUse, alreadyAdded, bankAccountRefused } from './bank-accounts.errors.js';
import type { BankAccountsService, BankAccountsServiceDependencies } from './bank-accounts.types.js';

type Row = typeof playerBankAccounts.$inferSelect;

function toBankAccount(r: Row): BankAccount {
  return {
    id: r.id,
    bank: r.bank,
    accountNumber: r.accountNumber,
    accountName: r.accountName,
    currency: r.currency,
    createdAt: r.createdAt.toISOString(),
  };
}

// the session's rows, mapped once: an instance reuses a session it has just read for a page's next
// calls (decision 043), and with it the same rows
const viewOfSessionRows = new WeakMap<readonly Record<string, unknown>[], readonly BankAccount[]>();
function sessionBankAccounts(rows: readonly Record<string, unknown>[]): BankAccount[] {
  let view = viewOfSessionRows.get(rows);
  if (!view) viewOfSessionRows.set(rows, (view = Object.freeze(tableRows(playerBankAccounts, rows).map(toBankAccount))));
  return view as BankAccount[];
}

export function createBankAccountsService({ db, fraudSignals }: BankAccountsServiceDependencies): BankAccountsService {
  const list: BankAccountsService['list'] = async (agencyId, playerId, on = db) => {
    const rows = await on
      .select()
      .from(playerBankAccounts)
      .where(and(eq(playerBankAccounts.agencyId, agencyId), eq(playerBankAccounts.playerId, playerId)))
      .orderBy(asc(playerBankAccounts.createdAt));
    return rows.map(toBankAccount);
  };
  const find: BankAccountsService['find'] = async (agencyId, playerId) => (await list(agencyId, playerId))[0] ?? null;

  return {
    list,
    async ofSession(session) {
      if (session.bankAccountRows) return sessionBankAccounts(session.bankAccountRows);
      return list(session.agencyId, session.playerId);
    },
    find,
    /**
     * Adds the player's one bank account (DESIGN.md §7). The unique constraints decide races: the
     * insert skips on any conflict and the rows then say which rule was broken.
     */
    async add(agencyId, playerId, body) {
      const problem = checkBankAccount(body);
      if (problem) throw bankAccountRefused(problem);
      const accountNumber = normalizeAccountNumber(body.accountNumber);
      const accountName = body.accountName.replace(/\s+/g, ' ');
      const inserted = await db
        .insert(playerBankAccounts)
        .values({ agencyId, playerId, bank: body.bank, accountNumber, accountName, currency: 'LAK' })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) {
        await fraudSignals.recordAfter('bank_account', { agencyId, playerId });
        return toBankAccount(inserted[0]);
      }
      if (await find(agencyId, playerId)) throw alreadyAdded();
      throw accountInUse();
    },
    async replace(tx, agencyId, playerId, body) {
      const problem = checkBankAccount({ ...body, currency: 'LAK' });
      if (problem) throw bankAccountRefused(problem);
      const values = {
        bank: body.bank,
        accountNumber: normalizeAccountNumber(body.accountNumber),
        accountName: body.accountName.replace(/\s+/g, ' '),
      };
      const [before] = await tx
        .select()
        .from(playerBankAccounts)
        .where(and(eq(playerBankAccounts.agencyId, agencyId), eq(playerBankAccounts.playerId, playerId)))
        .for('update');
      // another player's (agency, bank, number) decides by the unique key, as for `add`; nothing is written then
      const [after] = before
        ? await tx
            .update(playerBankAccounts)
            .set(values)
            .where(eq(playerBankAccounts.id, before.id))
            .returning()
            .catch((err: unknown) => {
              throw isUniqueViolation(err) ? accountInUse() : err;
            })
        : await tx
            .insert(playerBankAccounts)
            .values({ agencyId, playerId, currency: 'LAK', ...values })
            .onConflictDoNothing()
            .returning();
      if (!after) throw accountInUse();
      return { before: before ? toBankAccount(before) : null, after: toBankAccount(after) };
    },
  };
}
