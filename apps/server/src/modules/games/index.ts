/**
 * The game catalogue and launching a game.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { gameRoutes } from './games.routes.js';
export { createGamesService } from './games.service.js';
export type { GamesService } from './games.types.js';
