import type { BankAccount } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { listBankAccounts } from '../bank-accounts/bank-accounts.service.js';

/** The bank accounts shown in GET /v2/players/info: the bank-account area's own query. */
export async function listBankAccountsForInfo(db: Db, agencyId: string, playerId: string): Promise<BankAccount[]> {
  return listBankAccounts(db, agencyId, playerId);
}
