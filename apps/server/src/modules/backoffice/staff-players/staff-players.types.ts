import type { FastifyRequest } from 'fastify';
import type {
  ChangeBankAccountBody,
  PlayerDetailResponse,
  PlayerSearchQuery,
  PlayerSearchResponse,
  BankAccount,
  DepositOrder,
  Withdrawal,
  ProviderId,
  KeysetPage,
  WithdrawalPlayerResponse,
} from '@app/contracts';
import type { PasswordHasher } from '../../accounts/index.js';
import type { StaffActor } from '../../../audit/audit.js';
import type { LoginThrottle } from '../../../plugins/login-throttle.js';
import type { BankAccountsService } from '../../bank-accounts/index.js';
import type { FraudSignalsService } from '../../fraud-signals/index.js';
import type { ServiceDependencies } from '../../service-dependencies.js';
import type { WalletService } from '../../wallet/index.js';

export interface StaffPlayersServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  passwords: PasswordHasher;
  bankAccounts: Pick<BankAccountsService, 'replace'>;
  wallet: Pick<WalletService, 'creditMinorAt'>;
  loginThrottle: Pick<LoginThrottle, 'lift'>;
  fraudSignals: Pick<FraudSignalsService, 'recordAfter'>;
}

/** The back office's players (DESIGN.md §9): search, a player's page, and staff's actions on a player. */
export interface StaffPlayersService {
  search(agencyId: string, query: PlayerSearchQuery): Promise<PlayerSearchResponse>;
  detail(agencyId: string, playerId: string): Promise<PlayerDetailResponse>;
  deposits(agencyId: string, playerId: string, cursor: string | undefined, limit: number): Promise<KeysetPage<DepositOrder>>;
  withdrawals(agencyId: string, playerId: string, cursor: string | undefined, limit: number): Promise<KeysetPage<Withdrawal>>;
  /** asked live at every provider at once; a provider that does not answer in time reads null */
  credits(agencyId: string, playerId: string): Promise<{ credits: { providerId: ProviderId; amount: string | null }[] }>;
  /** the player behind one of the agency's withdrawals: latest orders, live credit, kip account (another agency's: 404) */
  withdrawalPlayer(agencyId: string, withdrawalId: string): Promise<WithdrawalPlayerResponse>;
  setBlocked(request: FastifyRequest, actor: StaffActor, playerId: string, blocked: boolean, reason: string): Promise<void>;
  resetPassword(request: FastifyRequest, actor: StaffActor, playerId: string): Promise<{ temporaryPassword: string }>;
  /** the player's failed logins forgotten (a lock from their own typing lifted), audited */
  liftLoginLock(actor: StaffActor, playerId: string): Promise<void>;
  endSessions(request: FastifyRequest, actor: StaffActor, playerId: string, sessionId: string | undefined): Promise<void>;
  changeBankAccount(actor: StaffActor, playerId: string, body: ChangeBankAccountBody): Promise<{ bankAccount: BankAccount }>;
}
