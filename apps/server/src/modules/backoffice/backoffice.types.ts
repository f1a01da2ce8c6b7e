import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  BackofficeWithdrawal,
  DashboardQueue,
  KeysetPage,
  QueueWithdrawal,
  StaffLoginBody,
  StaffSessionResponse,
  WithdrawalDetailResponse,
  WithdrawalStatus,
} from '@app/contracts';
import type { AgencyContext } from '../../plugins/agency.js';
import type { LoginThrottle } from '../../plugins/login-throttle.js';
import type { StaffSession } from '../../plugins/staff-session.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WithdrawalsService } from '../withdrawals/withdrawals.types.js';

export interface BackofficeServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  passwords: PasswordHasher;
  loginThrottle: LoginThrottle;
  withdrawals: Pick<WithdrawalsService, 'approve' | 'reject' | 'settleSoon'>;
}

/** Who acts, and from where: every staff action is written to the audit log with these. */
export interface StaffActor {
  staff: StaffSession;
  ip: string;
}

/** The agency back office (DESIGN.md §9): staff sessions, the withdrawal queue and its decisions. */
export interface BackofficeService {
  /** the players' rate limits under the staff's own keys; the login is audited */
  login(request: FastifyRequest, reply: FastifyReply, agency: AgencyContext, body: StaffLoginBody): Promise<StaffSessionResponse>;
  logout(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** the agency's withdrawals in one status, oldest first (the order staff work through them), by keyset */
  withdrawals(
    agencyId: string,
    q: { status: WithdrawalStatus; cursor?: string | undefined; limit: number },
  ): Promise<KeysetPage<QueueWithdrawal>>;
  /** one withdrawal of the agency with the players its warnings are about (another agency's: 404) */
  withdrawal(agencyId: string, id: string): Promise<WithdrawalDetailResponse>;
  /** how many withdrawals are OPEN and since when the oldest waits */
  openWithdrawals(agencyId: string): Promise<DashboardQueue>;
  /** paid out: SUCCESS with the bank reference; the change, its audit row and the ledger commit together.
   *  The same approval again (same reference) answers it as it stands and moves nothing. */
  approveWithdrawal(actor: StaffActor, id: string, bankReference: string): Promise<{ withdrawal: BackofficeWithdrawal }>;
  /** refused: REJECTED with a reason, the credit back at the provider; the same rejection again moves nothing */
  rejectWithdrawal(actor: StaffActor, id: string, reason: string): Promise<{ withdrawal: BackofficeWithdrawal }>;
}
