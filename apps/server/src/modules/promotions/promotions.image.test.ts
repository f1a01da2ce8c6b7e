import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PROMOTION_IMAGE_MAX_BYTES } from '@app/contracts';
import { auditLog, promotions } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { staffLogin, type TestStaff } from '../withdrawals/withdrawals.test-helpers.js';
import { as, makePromotion } from './promotions.test-helpers.js';
import { sniffImageType } from './promotions.image.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF body')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const GIF = Buffer.from('GIF89a body');

const upload = (staff: TestStaff, id: string, bytes: Buffer, contentType = 'image/png') =>
  app().inject({
    method: 'PUT',
    url: `/api/v2/backoffice/promotions/${id}/image`,
    headers: { host: 'localhost', cookie: staff.cookie, 'content-type': contentType },
    payload: bytes,
  });

describe('sniffImageType', () => {
  it('tells PNG, JPEG and WebP from their bytes and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    for (const other of [SVG, GIF, Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(0), PNG.subarray(0, 7)])
      expect(sniffImageType(other)).toBeNull();
  });
});

describe('a promotion image', () => {
  it('is stored from its bytes, served at its content hash for a year, and named in the player list', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '10' } });
    // the claimed type does not count: WebP bytes sent as image/png are stored as WebP
    const res = await upload(owner, promotion.id, WEBP, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().promotion.imageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/v2/promotions/${promotion.id}/image/[0-9a-f]{32}$`));

    const image = await app().inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(WEBP)).toBe(true);

    const player = await registerPlayer(app());
    const list = (await as(app(), player, 'GET', '/v2/promotions')).json().promotions as { id: string; imageUrl: string | null }[];
    expect(list.find((p) => p.id === promotion.id)!.imageUrl).toBe(url);

    // a new image is a new URL; the old one is gone
    const again = await upload(owner, promotion.id, JPEG, 'application/octet-stream');
    const next = again.json().promotion.imageUrl as string;
    expect(next).not.toBe(url);
    expect((await app().inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: next, headers: { host: 'localhost' } })).headers['content-type']).toBe('image/jpeg');

    const audited = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.image'), eq(auditLog.entityId, promotion.id)));
    expect(audited).toHaveLength(2);
  });

  it('refuses SVG and other files whatever their claimed type, an empty body and more than 1 MB, with clear errors', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const promotion = await makePromotion(app(), env.agencyId(), {});
    for (const [bytes, type] of [
      [SVG, 'image/svg+xml'],
      [SVG, 'image/png'],
      [GIF, 'image/gif'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await upload(owner, promotion.id, bytes, type);
      expect(res.statusCode, `${type} ${bytes.length}`).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fields: { image: 'promotion.validation.image_type' } });
      expect(res.json().error.message).toMatch(/PNG, JPEG or WebP/);
    }
    const big = Buffer.concat([PNG, Buffer.alloc(PROMOTION_IMAGE_MAX_BYTES)]);
    const res = await upload(owner, promotion.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const exact = await upload(owner, promotion.id, Buffer.concat([PNG, Buffer.alloc(PROMOTION_IMAGE_MAX_BYTES - PNG.length)]));
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('is for owner and finance of the same agency only', async () => {
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const promotion = await makePromotion(app(), env.agencyId(), {});
    expect((await upload(support, promotion.id, PNG)).statusCode).toBe(403);
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    expect((await upload(owner, '00000000-0000-4000-8000-000000000000', PNG)).statusCode).toBe(404);
  });
});

describe("removing a promotion's image", () => {
  const remove = (staff: TestStaff, id: string, host = 'localhost') =>
    app().inject({ method: 'DELETE', url: `/api/v2/backoffice/promotions/${id}/image`, headers: { host, cookie: staff.cookie } });

  it('removes the bytes, audited; players then see the promotion without an image', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '10' } });
    const url = (await upload(finance, promotion.id, PNG)).json().promotion.imageUrl as string;

    const res = await remove(finance, promotion.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promotion).toMatchObject({ id: promotion.id, imageUrl: null });
    const [row] = await app()
      .db.select({ data: promotions.imageData, type: promotions.imageType, hash: promotions.imageHash })
      .from(promotions)
      .where(eq(promotions.id, promotion.id));
    expect(row).toEqual({ data: null, type: null, hash: null });
    expect((await app().inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404);

    const player = await registerPlayer(app());
    const list = (await as(app(), player, 'GET', '/v2/promotions')).json().promotions as { id: string; imageUrl: string | null }[];
    expect(list.find((p) => p.id === promotion.id)!.imageUrl).toBeNull();
    expect((await as(app(), player, 'GET', `/v2/promotions/${promotion.id}`)).json().promotion.imageUrl).toBeNull();

    const [audited] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.image_remove'), eq(auditLog.entityId, promotion.id)));
    expect(audited).toMatchObject({
      staffId: finance.id,
      entityType: 'promotion',
      before: { imageHash: url.split('/').at(-1), imageType: 'image/png', bytes: PNG.length },
      after: { imageHash: null },
    });
  });

  it('answers a promotion without an image with a clear 409, and writes nothing', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const promotion = await makePromotion(app(), env.agencyId(), {});
    const res = await remove(owner, promotion.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'The promotion has no image.',
      fields: { image: 'backoffice.validation.no_image' },
    });
    const audited = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.image_remove'), eq(auditLog.entityId, promotion.id)));
    expect(audited).toHaveLength(0);
  });

  it('is for owner and finance of the same agency: support 403, another agency 404, its image kept', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const promotion = await makePromotion(app(), env.agencyId(), {});
    await upload(owner, promotion.id, JPEG);
    expect((await remove(support, promotion.id)).statusCode).toBe(403);

    const otherId = await createAgency(app(), `img${randomBytes(3).toString('hex')}`, 'img-other.test');
    const otherOwner = await staffLogin(app(), otherId, 'owner', 'img-other.test');
    const res = await remove(otherOwner, promotion.id, 'img-other.test');
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'PROMOTION_NOT_FOUND']);
    expect((await remove(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const [row] = await app().db.select({ hash: promotions.imageHash }).from(promotions).where(eq(promotions.id, promotion.id));
    expect(row!.hash).toMatch(/^[0-9a-f]{32}$/);
  });
});
