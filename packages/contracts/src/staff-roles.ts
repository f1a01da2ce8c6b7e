/**
 * Who does what (DESIGN.md §9): the owner everything; finance the money (withdrawals, deposits needing
 * attention, exports, rates, promotions, the dashboard); support the players, no money. The server's
 * routes declare these (plugins/staff-access.ts) and the back office's screens declare the same (their
 * route files). Without zod, so that the back office's route tree (its first script) stays small.
 */
export const STAFF_ROLES = ['owner', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const MONEY_ROLES: readonly StaffRole[] = ['owner', 'finance'];
export const PLAYER_ROLES: readonly StaffRole[] = ['owner', 'support'];
export const OWNER_ONLY: readonly StaffRole[] = ['owner'];
