import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { SAME_ORIGIN, expect } from './fixtures';

/** The Lao texts the player sees, read from the bundled translations so a spec follows them. */
export function lo(ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../apps/web/src/locales/lo/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/** The text at a dotted path of a translation tree (`form.provider`). */
export function pick(tree: Record<string, unknown>, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
  if (typeof value !== 'string') throw new Error(`no text at ${path}`);
  return value;
}

/** The sandbox (bank and providers) the journeys run against. */
export const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 3400}`;

/**
 * A new player registered through the API. Registering logs the context in: pass `page.request` for
 * a browser already logged in, or `request` for a player who logs in through the page.
 */
export async function registerPlayer(api: APIRequestContext): Promise<{ username: string; password: string }> {
  const username = `e2e${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const registered = await api.post('/api/v2/players/register', {
    headers: { ...SAME_ORIGIN, 'x-fingerprint': fingerprint },
    data: { username, password, confirmPassword: password, fingerprint },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, password };
}
