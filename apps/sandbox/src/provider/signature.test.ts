import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from './signature.js';
import { balanceOf, config, newPlayer, newRef, signed, startProvider } from './test-helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startProvider();
}, 60_000);
afterAll(() => app.close());

describe('request signatures', () => {
  const body = () => ({ ...newPlayer(), reference: newRef(), direction: 'IN', amount: '50' });

  it('refuses an unsigned request with 401 and applies nothing', async () => {
    const b = body();
    const res = await app.inject({ method: 'POST', url: '/providers/gclub/transfers', payload: b });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SIGNATURE_MISSING');
    expect(await balanceOf(app, 'gclub', b.playerId)).toBeNull();
  });

  it('refuses a signature made with another secret', async () => {
    const ts = String(Date.now());
    const payload = JSON.stringify(body());
    const res = await app.inject({
      method: 'POST',
      url: '/providers/gclub/transfers',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': signatureOf('another-secret-of-16+', 'POST', '/providers/gclub/transfers', ts, payload),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a body changed after signing', async () => {
    const b = body();
    const ts = String(Date.now());
    const sig = signatureOf(config.PROVIDER_SECRET, 'POST', '/providers/gclub/transfers', ts, JSON.stringify(b));
    const res = await app.inject({
      method: 'POST',
      url: '/providers/gclub/transfers',
      payload: JSON.stringify({ ...b, amount: '5000' }),
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': sig },
    });
    expect(res.statusCode).toBe(401);
    expect(await balanceOf(app, 'gclub', b.playerId)).toBeNull();
  });

  it('refuses a signature for another path (the query string is signed too)', async () => {
    const ts = String(Date.now());
    const sig = signatureOf(config.PROVIDER_SECRET, 'GET', '/providers/gclub/games?tab=Slot', ts, '');
    const res = await app.inject({
      method: 'GET',
      url: '/providers/gclub/games?tab=Casino',
      headers: { 'x-timestamp': ts, 'x-signature': sig },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a timestamp outside the 5-minute window, even correctly signed', async () => {
    const old = String(Date.now() - 5 * 60 * 1000 - 1000);
    const sig = signatureOf(config.PROVIDER_SECRET, 'GET', '/providers/gclub/games', old, '');
    const res = await app.inject({ method: 'GET', url: '/providers/gclub/games', headers: { 'x-timestamp': old, 'x-signature': sig } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SIGNATURE_EXPIRED');
  });

  it('guards the fault knobs and the admin reads too', async () => {
    expect((await app.inject({ method: 'POST', url: '/providers/_faults', payload: { fail5xx: true } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/providers/gclub/_admin/players/${newPlayer().playerId}` })).statusCode).toBe(401);
  });

  it('signs as the server does (HMAC keyed by the secret string), whichever secret came first', () => {
    const asServer = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
    for (const secret of [config.PROVIDER_SECRET, 'another-secret-of-16+', 'ກະແຈລັບ-secret-ñ-16+', config.PROVIDER_SECRET]) {
      expect(signatureOf(secret, 'post', '/providers/gclub/transfers', '1763900000000', '{"a":1}')).toBe(
        asServer(secret, 'POST\n/providers/gclub/transfers\n1763900000000\n{"a":1}'),
      );
    }
  });

  it('accepts a correctly signed request', async () => {
    const res = await signed(app, 'GET', '/providers/gclub/games');
    expect(res.statusCode).toBe(200);
  });
});
