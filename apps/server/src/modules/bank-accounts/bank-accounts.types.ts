import type { AddBankAccountBody, BankAccount, ChangeBankAccountBody } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { FraudSignalsService } from '../fraud-signals/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export interface BankAccountsServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  /** an account added writes its fraud signals (decision 164) */
  fraudSignals: Pick<FraudSignalsService, 'recordAfter'>;
}

/** The player's one bank account (DESIGN.md §7), every call scoped by agency and owner. */
export interface BankAccountsService {
  /** the player's bank accounts (at most one), oldest first */
  list(agencyId: string, playerId: string, db?: Db | Tx): Promise<BankAccount[]>;
  /** the session's player's bank accounts: as the session's lookup read them when its route asked (`playerBankAccounts`), else `list` */
  ofSession(session: PlayerSession): Promise<BankAccount[]>;
  /** the account withdrawals pay to, or null when the player has not added one */
  find(agencyId: string, playerId: string): Promise<BankAccount | null>;
  add(agencyId: string, playerId: string, body: AddBankAccountBody): Promise<BankAccount>;
  /**
   * Staff's change of the player's account (or its first one), in the caller's transaction, under the
   * same rules as `add`; the account before (null: none) and after, for the audit row.
   */
  replace(
    tx: Tx,
    agencyId: string,
    playerId: string,
    body: ChangeBankAccountBody,
  ): Promise<{ before: BankAccount | null; after: BankAccount }>;
}
