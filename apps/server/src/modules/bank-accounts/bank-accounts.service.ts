import { and, asc, eq } from 'drizzle-orm';
import { checkBankAccount, normalizeAccountNumber, type AddBankAccountBody, type BankAccount } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { playerBankAccounts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type Row = typeof playerBankAccounts.$inferSelect;

/** English for API users; players read the translated `fields` key. */
const PROBLEM_MESSAGES: Record<string, string> = {
  'bank.validation.currency_lak_only': 'only LAK accounts can be added',
  'bank.validation.account_number_digits': 'the account number must be digits',
  'bank.validation.wallet_not_allowed': 'mobile-wallet numbers are not bank accounts',
  'bank.validation.account_number_invalid': 'this bank does not issue account numbers like this one',
};

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

/** The player's bank accounts (at most one), scoped by agency and owner. */
export async function listBankAccounts(db: Db | Tx, agencyId: string, playerId: string): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(playerBankAccounts)
    .where(and(eq(playerBankAccounts.agencyId, agencyId), eq(playerBankAccounts.playerId, playerId)))
    .orderBy(asc(playerBankAccounts.createdAt));
  return rows.map(toBankAccount);
}

/** The account withdrawals pay to, or null when the player has not added one. */
export async function findBankAccount(db: Db | Tx, agencyId: string, playerId: string): Promise<BankAccount | null> {
  return (await listBankAccounts(db, agencyId, playerId))[0] ?? null;
}

/**
 * Adds the player's one bank account (DESIGN.md §7). The unique constraints decide races: the insert
 * skips on any conflict and the rows then say which rule was broken.
 */
export async function addBankAccount(db: Db, agencyId: string, playerId: string, body: AddBankAccountBody): Promise<BankAccount> {
  const problem = checkBankAccount(body);
  if (problem) throw new AppError(problem.code, PROBLEM_MESSAGES[problem.message], { [problem.field]: problem.message });
  const accountNumber = normalizeAccountNumber(body.accountNumber);
  const accountName = body.accountName.replace(/\s+/g, ' ');

  const inserted = await db
    .insert(playerBankAccounts)
    .values({ agencyId, playerId, bank: body.bank, accountNumber, accountName, currency: 'LAK' })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return toBankAccount(inserted[0]);

  if (await findBankAccount(db, agencyId, playerId)) {
    throw new AppError('BANK_ACCOUNT_ALREADY_ADDED', 'this account has already been added');
  }
  throw new AppError('ACCOUNT_IN_USED', 'account already used in the system; contact staff', {
    accountNumber: 'bank.validation.account_in_use',
  });
}
