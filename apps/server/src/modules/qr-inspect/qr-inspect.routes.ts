import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QR_INSPECT_IMAGE_MAX_BYTES, qrInspectBodySchema, qrInspectResponseSchema } from '@app/contracts';
import { AppError } from '../../errors.js';
import { ALL_STAFF, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';
import { qrFromImage } from './qr-inspect.image.js';

const errors = errorResponses(400, 401, 403, 413, 415, 422);
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The picture must be at most ${QR_INSPECT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`, {
    image: 'qr.validation.image_size',
  });

/**
 * Staff inspect a QR (docs/decisions/134): `POST /v2/backoffice/qr/inspect {payload}`, or the picture's
 * bytes as the body of `POST /v2/backoffice/qr/inspect/image`. Every staff role: support answers the
 * players who send a slip, and the answer only reads. A plugin of its own: the raw-body parser stays inside it.
 */
export const qrInspectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { qrInspect } = app.services;
  // one more byte than allowed is enough to tell "too large" with our own message; Fastify answers 413 beyond it
  const bodyLimit = QR_INSPECT_IMAGE_MAX_BYTES + 1;
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
  const tags = ['backoffice'];

  app.post(
    '/v2/backoffice/qr/inspect',
    {
      config: staffAccess(ALL_STAFF),
      schema: {
        tags,
        summary:
          'Read a QR payload (any LAO QR form, a BCEL OneProof slip): bank, merchant, amount, the order it names, what the bank says now',
        body: qrInspectBodySchema,
        response: { 200: qrInspectResponseSchema, ...errors },
      },
    },
    async (request) => qrInspect.inspect(requireStaff(request).agencyId, request.body.payload),
  );

  app.post(
    '/v2/backoffice/qr/inspect/image',
    {
      config: staffAccess(ALL_STAFF),
      bodyLimit,
      schema: {
        tags,
        summary: "Read the QR in a picture (a player's slip screenshot: PNG or JPEG up to 4 MB, as the request body)",
        response: { 200: qrInspectResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : null;
      if (bytes && bytes.length > QR_INSPECT_IMAGE_MAX_BYTES) throw tooLarge();
      return qrInspect.inspect(staff.agencyId, qrFromImage(bytes ?? Buffer.alloc(0)));
    },
  );
};
