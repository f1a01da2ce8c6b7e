/**
 * The hourly play reminder's figures (decision 113): the day's first game launch and the
 * net result today. The module's one public surface (decision 150).
 */
export { playTimeRoutes } from './play-time.routes.js';
export { createPlayTimeService } from './play-time.service.js';
export type { PlayTimeService } from './play-time.types.js';
