/**
 * The back office's staff: signing in and out, the second factor, the owner's staff users.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { inviteStaffUser, unusablePassword } from './invitations.js';
export { createStaffUser, seedStaff } from './staff-users.js';
export { staffRoutes } from './staff.routes.js';
export { createStaffService } from './staff.service.js';
export type { StaffService } from './staff.types.js';
