import { createInvitations } from './invitations.js';
import { createSecondFactor } from './second-factor.js';
import { createStaffAdmin } from './staff-admin.js';
import { createStaffAuth } from './staff-auth.js';
import type { StaffService, StaffServiceDependencies } from './staff.types.js';

export function createStaffService(deps: StaffServiceDependencies): StaffService {
  return {
    ...createStaffAuth(deps),
    secondFactor: createSecondFactor(deps),
    staffAdmin: createStaffAdmin({ db: deps.db, passwords: deps.passwords }),
    invitations: createInvitations(deps),
  };
}
