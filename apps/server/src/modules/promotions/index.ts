/**
 * Promotions: the engine, the players' screens and the staff's.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { seedDemoPromotions } from './promotions.demo.js';
export { promotionTakenOf } from './promotions.money.js';
export { promotionImageRoutes } from './promotions.image.js';
export { promotionsRoutes } from './promotions.routes.js';
export { createPromotionsService } from './promotions.service.js';
export { promotionsStaffRoutes } from './promotions.staff-routes.js';
export type { PromotionsService } from './promotions.types.js';
export { toUsage } from './promotions.view.js';
