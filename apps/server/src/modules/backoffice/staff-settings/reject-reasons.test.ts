import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_REJECT_REASONS, REJECT_PRESETS_MAX, REJECT_REASON_MAX, type StaffRole } from '@app/contracts';
import { auditLog } from '../../../db/schema/index.js';
import { createAgency } from '../../../test/agencies.js';
import { registerPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffLogin, type TestStaff } from '../../withdrawals/withdrawals.test-helpers.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const call = (s: { cookie: string }, method: 'GET' | 'PUT', payload?: unknown, host = 'localhost') =>
  app().inject({
    method,
    url: '/api/v2/backoffice/agency/reject-reasons',
    headers: { host, cookie: s.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("an agency's preset reject reasons", () => {
  it('reads the Lao defaults until the owner saves a list; the owner replaces it, audited with before and after', async () => {
    const host = 'rr-fresh.example';
    const agencyId = await createAgency(app(), 'rr-fresh', host);
    const owner = await staffLogin(app(), agencyId, 'owner', host);
    expect((await call(owner, 'GET', undefined, host)).json()).toEqual({ reasons: [...DEFAULT_REJECT_REASONS], isDefault: true });

    const reasons = ['  ຊື່ບັນຊີບໍ່ກົງ  ', 'Wrong account number'];
    const saved = await call(owner, 'PUT', { reasons }, host);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ reasons: ['ຊື່ບັນຊີບໍ່ກົງ', 'Wrong account number'], isDefault: false });
    const finance = await staffLogin(app(), agencyId, 'finance', host);
    expect((await call(finance, 'GET', undefined, host)).json()).toEqual(saved.json());

    // an empty list is a list: no presets, only free text
    expect((await call(owner, 'PUT', { reasons: [] }, host)).json()).toEqual({ reasons: [], isDefault: false });
    const audits = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agencyId), eq(auditLog.action, 'agency.reject_reasons')))
      .orderBy(auditLog.at, auditLog.id);
    expect(audits.map((a) => [a.entityType, a.entityId, a.before, a.after])).toEqual([
      ['agency', agencyId, { reasons: [...DEFAULT_REJECT_REASONS], isDefault: true }, { reasons: ['ຊື່ບັນຊີບໍ່ກົງ', 'Wrong account number'] }],
      ['agency', agencyId, { reasons: ['ຊື່ບັນຊີບໍ່ກົງ', 'Wrong account number'], isDefault: false }, { reasons: [] }],
    ]);
  });

  it.each<[StaffRole, number, number]>([
    ['owner', 200, 200],
    ['finance', 200, 403],
    ['support', 403, 403],
  ])('lets %s read (%i) and change (%i) them', async (role, read, change) => {
    const staff = await staffLogin(app(), env.agencyId(), role);
    expect((await call(staff, 'GET')).statusCode).toBe(read);
    expect((await call(staff, 'PUT', { reasons: [`by ${role}`] })).statusCode).toBe(change);
  });

  it('refuses bad lists with the rule broken, players, and strangers', async () => {
    const owner: TestStaff = await staffLogin(app(), env.agencyId(), 'owner');
    const refused = async (payload: unknown) => {
      const res = await call(owner, 'PUT', payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    expect((await refused({ reasons: ['a', ' '] })).fields).toEqual({ 'reasons.1': 'backoffice.validation.reject_reason_empty' });
    expect((await refused({ reasons: ['same', ' same '] })).fields).toEqual({ reasons: 'backoffice.validation.reject_reasons_duplicate' });
    expect((await refused({ reasons: Array.from({ length: REJECT_PRESETS_MAX + 1 }, (_, i) => `r${i}`) })).code).toBe('VALIDATION_FAILED');
    expect((await refused({ reasons: ['x'.repeat(REJECT_REASON_MAX + 1)] })).code).toBe('VALIDATION_FAILED');
    expect((await refused({ reasons: 'not a list' })).code).toBe('VALIDATION_FAILED');
    expect((await refused({})).code).toBe('VALIDATION_FAILED');

    const player = await registerPlayer(app());
    expect((await call(player, 'GET')).statusCode).toBe(401);
    expect((await call({ cookie: '' }, 'PUT', { reasons: [] })).statusCode).toBe(401);
  });

  it("keeps each agency's list to itself", async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    await call(owner, 'PUT', { reasons: ['only here'] });
    const host = 'rr-elsewhere.example';
    const agencyId = await createAgency(app(), 'rr-elsewhere', host);
    const other = await staffLogin(app(), agencyId, 'owner', host);
    expect((await call(other, 'GET', undefined, host)).json().isDefault).toBe(true);
    await call(other, 'PUT', { reasons: ['theirs'] }, host);
    expect((await call(owner, 'GET')).json()).toEqual({ reasons: ['only here'], isDefault: false });
  });
});
