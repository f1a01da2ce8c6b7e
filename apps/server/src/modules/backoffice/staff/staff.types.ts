import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeStaffPasswordBody, StaffLoginBody, StaffSessionResponse } from '@app/contracts';
import type { AgencyContext } from '../../../plugins/agency.js';
import type { LoginThrottle } from '../../../plugins/login-throttle.js';
import type { PasswordHasher } from '../../accounts/index.js';
import type { ServiceDependencies } from '../../service-dependencies.js';
import type { Invitations } from './invitations.js';
import type { SecondFactor } from './second-factor.js';
import type { StaffAdmin } from './staff-admin.js';

export interface StaffServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  passwords: PasswordHasher;
  loginThrottle: LoginThrottle;
}

/** The back office's staff (DESIGN.md §9): sessions, the second factor, the owner's staff users. */
export interface StaffService {
  /** the players' rate limits under the staff's own keys; the login is audited */
  login(request: FastifyRequest, reply: FastifyReply, agency: AgencyContext, body: StaffLoginBody): Promise<StaffSessionResponse>;
  logout(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** this staff member, role and where the session stands with the second factor */
  me(request: FastifyRequest): Promise<StaffSessionResponse>;
  /** the current password and a new one; the other sessions end (audited) */
  changePassword(request: FastifyRequest, reply: FastifyReply, body: ChangeStaffPasswordBody): Promise<void>;
  /** enrolment, the code after the password, recovery codes (decision 049) */
  secondFactor: SecondFactor;
  /** the owner's staff users (decision 051) */
  staffAdmin: StaffAdmin;
  /** the invitation page: a password and a second factor set in one step (decision 110) */
  invitations: Invitations;
}
