import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangePasswordBody, FingerprintBody, LoginBody, PlayerInfoResponse, SessionResponse } from '@app/contracts';
import type { AgencyContext } from '../../plugins/agency.js';
import type { LoginThrottle } from '../../plugins/login-throttle.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { BankAccountsService } from '../bank-accounts/index.js';
import type { FraudSignalsService } from '../fraud-signals/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { PasswordHasher } from './passwords.js';

export interface AccountsServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  passwords: PasswordHasher;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  bankAccounts: Pick<BankAccountsService, 'ofSession'>;
  /** a registration and a fingerprint write their fraud signals (decision 164) */
  fraudSignals: Pick<FraudSignalsService, 'recordAfter'>;
}

/**
 * SPEC.md §7's account calls (DESIGN.md §10 for sessions, passwords and limits). The calls that
 * open or end a session take the request and reply: the session sets or clears its cookie.
 */
export interface AccountsService {
  /** the body is judged here against the agency's own bounds; the header repeats the fingerprint */
  register(
    request: FastifyRequest,
    reply: FastifyReply,
    agency: AgencyContext,
    body: unknown,
    fingerprintHeader: string | undefined,
  ): Promise<SessionResponse>;
  validateUsername(
    request: FastifyRequest,
    agency: AgencyContext,
    username: string,
  ): Promise<{ valid: boolean; available: boolean; reason?: string }>;
  login(request: FastifyRequest, reply: FastifyReply, agency: AgencyContext, body: LoginBody): Promise<SessionResponse>;
  logout(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  info(session: PlayerSession): Promise<PlayerInfoResponse>;
  isPromotionBlocked(session: PlayerSession): Promise<{ isBlocked: boolean }>;
  /** ends every session of the player, this one too */
  changePassword(request: FastifyRequest, reply: FastifyReply, session: PlayerSession, body: ChangePasswordBody): Promise<{ ok: true }>;
  saveFingerprint(session: PlayerSession, body: FingerprintBody): Promise<void>;
}
