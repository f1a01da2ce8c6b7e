/**
 * Announcements shown to an agency's players as a banner (decision 174).
 * The module's one public surface (decision 150).
 */
export { announcementsModule } from './announcements.routes.js';
export type { AnnouncementsService } from './announcements.types.js';
