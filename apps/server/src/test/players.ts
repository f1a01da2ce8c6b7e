import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FINGERPRINT_HEADER } from '@app/contracts';

export interface TestPlayer {
  playerId: string;
  username: string;
  password: string;
  /** ready for `headers: { cookie }` */
  cookie: string;
  /** the address it registered or logged in from: a known client of the account (plugins/login-throttle.ts) */
  address: string;
}

let serial = 0;
/**
 * A fresh source address per call: the per-IP limits of registration and login count by address,
 * and a test file that creates many players is not an attack.
 */
function nextAddress(): string {
  serial += 1;
  return `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat().find((c) => c.startsWith('sid='));
  if (!first) throw new Error('no session cookie in the answer');
  return first.split(';')[0]!;
}

/** Registers (and so logs in) a player on the demo agency (or the agency at `host`) through the real route. */
export async function registerPlayer(
  app: FastifyInstance,
  opts: { username?: string; password?: string; host?: string } = {},
): Promise<TestPlayer> {
  const username = opts.username ?? `p${randomBytes(5).toString('hex')}`;
  const password = opts.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const address = nextAddress();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    remoteAddress: address,
    headers: { host: opts.host ?? 'localhost', [FINGERPRINT_HEADER]: fingerprint },
    payload: { username, password, confirmPassword: password, fingerprint },
  });
  if (res.statusCode !== 201) throw new Error(`register ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { player: { id: string } };
  return { playerId: body.player.id, username, password, cookie: sessionCookie(res.headers['set-cookie']), address };
}

/** Logs an existing player in again: a new session and its cookie. */
export async function loginPlayer(app: FastifyInstance, username: string, password: string): Promise<TestPlayer> {
  const address = nextAddress();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    remoteAddress: address,
    headers: { host: 'localhost' },
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { player: { id: string } };
  return { playerId: body.player.id, username, password, cookie: sessionCookie(res.headers['set-cookie']), address };
}
