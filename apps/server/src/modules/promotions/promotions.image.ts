import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROMOTION_IMAGE_MAX_BYTES, PROMOTION_IMAGE_TYPES, backofficePromotionResponseSchema } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { transactionWithRetry } from '../../db/errors.js';
import { promotions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { agencyOf } from '../../plugins/agency.js';
import { MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { writeAudit } from '../../audit/audit.js';
import { errorResponses } from '../shared/route-errors.js';
import { noSuchPromotion } from './promotions.errors.js';
import { toBackofficePromotion } from './promotions.view.js';

export type PromotionImageType = (typeof PROMOTION_IMAGE_TYPES)[number];

/**
 * The image's type told from its first bytes (the magic numbers), never from what the upload claims:
 * PNG's 8-byte signature, JPEG's SOI marker (FF D8 FF), WebP's RIFF container with its WEBP tag. SVG
 * (a script-capable document) and everything else is null.
 */
export function sniffImageType(bytes: Uint8Array): PromotionImageType | null {
  const at = (offset: number, sig: readonly number[]) =>
    bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

const errors = errorResponses(400, 401, 403, 404, 413, 415, 503);
const notAnImage = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'The image must be a PNG, JPEG or WebP file (told from its content); SVG and other files are refused.',
    {
      image: 'promotion.validation.image_type',
    },
  );
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The image must be at most ${PROMOTION_IMAGE_MAX_BYTES / 1024 / 1024} MB.`, {
    image: 'promotion.validation.image_size',
  });

/**
 * A promotion's image: staff upload its bytes as the request body (`PUT …/image`, any content type:
 * the bytes decide), stored in the promotion's row (bytea: the same on PGlite and PostgreSQL), and
 * served at a URL naming its content hash, so a new image is a new URL and each may be cached for
 * good; `DELETE …/image` removes it (bytes and all). A plugin of its own: the raw-body parser stays inside it.
 */
export const promotionImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // one more byte than allowed is enough to tell "too large" with our own message; Fastify answers 413 beyond it
  const bodyLimit = PROMOTION_IMAGE_MAX_BYTES + 1;
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));

  app.put(
    '/v2/backoffice/promotions/:id/image',
    {
      config: staffAccess(MONEY_ROLES),
      bodyLimit,
      schema: {
        tags: ['backoffice'],
        summary: "Set a promotion's image: PNG, JPEG or WebP up to 1 MB, as the request body",
        params: z.object({ id: z.uuid() }),
        response: { 200: backofficePromotionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : null;
      if (!bytes || bytes.length === 0) throw notAnImage();
      if (bytes.length > PROMOTION_IMAGE_MAX_BYTES) throw tooLarge();
      const type = sniffImageType(bytes);
      if (!type) throw notAnImage();
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      const row = await transactionWithRetry(db, async (tx) => {
        const [updated] = await tx
          .update(promotions)
          .set({ imageData: bytes, imageType: type, imageHash: hash, updatedAt: sql`now()` })
          .where(and(eq(promotions.id, request.params.id), eq(promotions.agencyId, staff.agencyId)))
          .returning();
        if (!updated) throw noSuchPromotion();
        await writeAudit(
          tx,
          { staff, ip: request.ip },
          {
            action: 'promotion.image',
            entityType: 'promotion',
            entityId: updated.id,
            after: { imageHash: hash, imageType: type, bytes: bytes.length },
          },
        );
        return updated;
      });
      return { promotion: toBackofficePromotion(row) };
    },
  );

  app.delete(
    '/v2/backoffice/promotions/:id/image',
    {
      config: staffAccess(MONEY_ROLES),
      schema: {
        tags: ['backoffice'],
        summary: "Remove a promotion's image: players then see the promotion without one; 409 when it has none",
        params: z.object({ id: z.uuid() }),
        response: { 200: backofficePromotionResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const mine = and(eq(promotions.id, request.params.id), eq(promotions.agencyId, staff.agencyId));
      const row = await transactionWithRetry(db, async (tx) => {
        // the row locked: two removals at once, one removes and the other finds none
        const [current] = await tx
          .select({ hash: promotions.imageHash, type: promotions.imageType, bytes: sql<number>`octet_length(${promotions.imageData})` })
          .from(promotions)
          .where(mine)
          .for('update');
        if (!current) throw noSuchPromotion();
        if (!current.hash) throw new AppError('CONFLICT', 'The promotion has no image.', { image: 'backoffice.validation.no_image' });
        // the bytes go with the row's columns: its URL answers 404 from now on
        const [updated] = await tx
          .update(promotions)
          .set({ imageData: null, imageType: null, imageHash: null, updatedAt: sql`now()` })
          .where(mine)
          .returning();
        await writeAudit(
          tx,
          { staff, ip: request.ip },
          {
            action: 'promotion.image_remove',
            entityType: 'promotion',
            entityId: updated!.id,
            before: { imageHash: current.hash, imageType: current.type, bytes: Number(current.bytes) },
            after: { imageHash: null },
          },
        );
        return updated!;
      });
      return { promotion: toBackofficePromotion(row) };
    },
  );

  app.get(
    '/v2/promotions/:id/image/:hash',
    {
      schema: {
        tags: ['promotions'],
        summary: "A promotion's image at its content hash; cached for a year, never revalidated",
        params: z.object({ id: z.uuid(), hash: z.string().regex(/^[0-9a-f]{32}$/) }),
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ data: promotions.imageData, type: promotions.imageType, hash: promotions.imageHash })
        .from(promotions)
        .where(and(eq(promotions.id, request.params.id), eq(promotions.agencyId, agencyOf(request).id)));
      // an old hash is gone for good: its URL is not the image any more
      if (!row?.data || !row.type || row.hash !== request.params.hash) throw new AppError('NOT_FOUND', 'no such image');
      return reply
        .header('content-type', row.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', row.data.length)
        .send(row.data);
    },
  );
};
