import { z } from 'zod';

/**
 * Announcements (docs/decisions/174-announcements.md): a message an agency's staff show to
 * its players as a banner from `startsAt` until `endsAt`, written in the four player languages.
 */
export const ANNOUNCEMENT_MAX_LENGTH = 300;

const text = z
  .string()
  .trim()
  .min(1, 'announcements.validation.text_required')
  .max(ANNOUNCEMENT_MAX_LENGTH, 'announcements.validation.text_long');

/** every player language is required: no player sees a banner in a language they did not choose */
export const announcementTextsSchema = z.object({ lo: text, cn: text, vn: text, th: text });
export type AnnouncementTexts = z.infer<typeof announcementTextsSchema>;

const instant = z.iso.datetime({ offset: true });

/** What staff write: the texts and the window; the end comes after the start. */
export const announcementBodySchema = z
  .object({ texts: announcementTextsSchema, startsAt: instant, endsAt: instant })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    path: ['endsAt'],
    message: 'announcements.validation.ends_before_start',
  });
export type AnnouncementBody = z.infer<typeof announcementBodySchema>;

export const announcementSchema = z.object({
  id: z.uuid(),
  texts: announcementTextsSchema,
  startsAt: instant,
  endsAt: instant,
});
export type Announcement = z.infer<typeof announcementSchema>;

/** The player's read: the agency's announcements shown now, the newest start first. */
export const announcementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;

/** The staff's list: those shown now or to come, and the last ended ones. */
export const staffAnnouncementsResponseSchema = announcementsResponseSchema;

export const announcementParamsSchema = z.object({ id: z.uuid() });
