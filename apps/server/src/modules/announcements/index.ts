/**
 * Announcements shown to an agency's players as a banner (decision 174).
 * The module's one public surface (decision 150).
 */
export { announcementsRoutes, announcementsStaffRoutes } from './announcements.routes.js';
export { createAnnouncementsService } from './announcements.service.js';
export type { AnnouncementsService } from './announcements.types.js';
