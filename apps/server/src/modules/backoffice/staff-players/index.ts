/**
 * Players as staff see and help them.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { staffPlayersRoutes } from './staff-players.routes.js';
export { createStaffPlayersService } from './staff-players.service.js';
export type { StaffPlayersService } from './staff-players.types.js';
