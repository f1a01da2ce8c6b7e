import type { BankAccount } from '@app/contracts';
import type { Db } from '../../db/client.js';

/**
 * The bank accounts shown in GET /v2/players/info. The bank-account area (its table arrives in
 * migration 0004) replaces this body with its query; until then a player has none.
 */
export async function listBankAccountsForInfo(_db: Db, _agencyId: string, _playerId: string): Promise<BankAccount[]> {
  return [];
}
