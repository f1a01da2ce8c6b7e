import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, staffAlertChannels } from '../../../db/schema/index.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffLogin, type TestStaff } from '../../../test/staff.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

// invented, in the shapes the services issue (never real ones)
const TELEGRAM_TOKEN = '7000000001:AAFsandboxTokenNotRealxxxxxxxxxxxxxx';
const LINE_TOKEN = 'sandboxLineChannelAccessTokenNotReal0123456789+/=';
const LINE_USER = `U${'0123456789abcdef'.repeat(2)}`;

const call = (staff: Pick<TestStaff, 'cookie'>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app().inject({
    method,
    url: `/api/v2/backoffice/alerts${url}`,
    headers: { host: 'localhost', cookie: staff.cookie },
    ...(payload ? { payload } : {}),
  });

const settings = (over: object = {}) => ({
  language: 'en',
  events: ['withdrawal_large', 'withdrawal_waiting', 'attention', 'transfer_unknown'],
  withdrawalOverLak: '5000000',
  withdrawalWaitMinutes: 30,
  telegram: { recipient: '-1001234567890', token: TELEGRAM_TOKEN },
  line: { recipient: LINE_USER, token: LINE_TOKEN },
  ...over,
});

describe('alert settings', () => {
  it('are the owner’s alone: finance and support get 403 on each route', async () => {
    for (const role of ['finance', 'support'] as const) {
      const staff = await staffLogin(app(), env.agencyId(), role);
      for (const [method, url, body] of [
        ['GET', '', undefined],
        ['PUT', '', settings()],
        ['POST', '/test', { channel: 'telegram' }],
      ] as const) {
        const res = await call(staff, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('STAFF_FORBIDDEN');
      }
    }
  });

  it('keeps the tokens encrypted and never answers them; a channel without a token keeps its own; null removes it', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    expect((await call(owner, 'GET', '')).json()).toEqual({
      language: 'lo',
      events: [],
      withdrawalOverLak: null,
      withdrawalWaitMinutes: null,
      telegram: null,
      line: null,
    });
    const put = await call(owner, 'PUT', '', settings());
    expect(put.statusCode).toBe(200);
    const expected = {
      language: 'en',
      events: ['withdrawal_large', 'withdrawal_waiting', 'attention', 'transfer_unknown'],
      withdrawalOverLak: '5000000',
      withdrawalWaitMinutes: 30,
      telegram: { recipient: '-1001234567890', tokenSet: true },
      line: { recipient: LINE_USER, tokenSet: true },
    };
    expect(put.json()).toEqual(expected);
    const got = await call(owner, 'GET', '');
    expect(got.json()).toEqual(expected);
    for (const body of [put.body, got.body]) {
      expect(body).not.toContain(TELEGRAM_TOKEN.split(':')[1]);
      expect(body).not.toContain(LINE_TOKEN);
    }
    // at rest: encrypted, bound to the agency and channel
    const rows = await app().db.select().from(staffAlertChannels).where(eq(staffAlertChannels.agencyId, env.agencyId()));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokenEncrypted).toMatch(/^v1\./);
      expect(row.tokenEncrypted).not.toContain(TELEGRAM_TOKEN.split(':')[1]);
      expect(row.tokenEncrypted).not.toContain(LINE_TOKEN);
    }
    // the audit row says a token was replaced, never which
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.action, 'alerts.settings'));
    expect(audit.at(-1)!.after).toMatchObject({ telegram: { recipient: '-1001234567890', tokenReplaced: true } });
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain(LINE_TOKEN);

    // a new recipient without a token: the token stays; LINE removed
    const kept = await call(owner, 'PUT', '', settings({ telegram: { recipient: '@alerts_room' }, line: null }));
    expect(kept.json()).toMatchObject({ telegram: { recipient: '@alerts_room', tokenSet: true }, line: null });
    const test = await call(owner, 'POST', '/test', { channel: 'telegram' });
    expect(test.json()).toEqual({ sent: true, problem: null });
    const messages = await env.sandbox.alerts.messages();
    expect(messages.at(-1)).toMatchObject({ service: 'telegram', bot: '7000000001', to: '@alerts_room' });
    expect(messages.at(-1)!.text).toContain('Test message');
    // LINE was removed with its token: a test has nothing to send with
    const none = await call(owner, 'POST', '/test', { channel: 'line' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ 'line.token': 'alerts.token_required' });
    // a channel newly set needs its token
    const tokenless = await call(owner, 'PUT', '', settings({ line: { recipient: LINE_USER } }));
    expect(tokenless.statusCode).toBe(400);
    expect(tokenless.json().error.fields).toEqual({ 'line.token': 'alerts.token_required' });
    expect((await call(owner, 'GET', '')).json().line).toBeNull();
  });

  it('refuses bad input field by field', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const tries: [object, Record<string, string>][] = [
      [{ telegram: { recipient: 'my chat', token: TELEGRAM_TOKEN } }, { 'telegram.recipient': 'alerts.telegram_chat_invalid' }],
      [{ telegram: { recipient: '42', token: 'not-a-token' } }, { 'telegram.token': 'alerts.telegram_token_invalid' }],
      [{ line: { recipient: 'someone', token: LINE_TOKEN } }, { 'line.recipient': 'alerts.line_recipient_invalid' }],
      [{ line: { recipient: LINE_USER, token: 'short' } }, { 'line.token': 'alerts.line_token_invalid' }],
      [{ withdrawalOverLak: null }, { withdrawalOverLak: 'alerts.amount_required' }],
      [{ withdrawalOverLak: '-5' }, { withdrawalOverLak: 'amount.invalid' }],
      [{ withdrawalWaitMinutes: null }, { withdrawalWaitMinutes: 'alerts.minutes_required' }],
      [{ withdrawalWaitMinutes: 0 }, { withdrawalWaitMinutes: 'settings.too_small' }],
      [{ withdrawalWaitMinutes: 20_000 }, { withdrawalWaitMinutes: 'settings.too_large' }],
    ];
    for (const [change, fields] of tries) {
      const res = await call(owner, 'PUT', '', settings(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields).toEqual(fields);
    }
    const unknown = await call(owner, 'PUT', '', settings({ events: ['everything'] }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['events.0']);
    expect((await call(owner, 'POST', '/test', { channel: 'sms' })).statusCode).toBe(400);
  });

  it('tells the owner why a test did not go: the token, the chat, or the service', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const sendWith = async (telegram: object) => {
      expect((await call(owner, 'PUT', '', settings({ telegram, line: null }))).statusCode).toBe(200);
      return (await call(owner, 'POST', '/test', { channel: 'telegram' })).json();
    };
    // the sandbox's Telegram knows no bot 0 and no chat 0, as the real one
    expect(await sendWith({ recipient: '42', token: `0:${TELEGRAM_TOKEN.split(':')[1]}` })).toEqual({
      sent: false,
      problem: 'token_refused',
    });
    expect(await sendWith({ recipient: '0', token: TELEGRAM_TOKEN })).toEqual({ sent: false, problem: 'recipient_refused' });
    await env.sandbox.alerts.fault({ service: 'telegram', status: 500, times: 1 });
    expect(await sendWith({ recipient: '42', token: TELEGRAM_TOKEN })).toEqual({ sent: false, problem: 'unavailable' });
    expect(await sendWith({ recipient: '42', token: TELEGRAM_TOKEN })).toEqual({ sent: true, problem: null });
  });
});
