import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, promotionUsages, promotions } from '../../db/schema/index.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, staffLogin, type TestStaff } from '../withdrawals/withdrawals.test-helpers.js';
import { makePromotion, usePromotion } from './promotions.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

const call = (staff: TestStaff, method: 'POST' | 'PUT', url: string, payload?: object) =>
  app().inject({
    method,
    url: `/api/v2/backoffice${url}`,
    headers: { host: 'localhost', cookie: staff.cookie },
    ...(payload ? { payload } : {}),
  });

const input = (code: string, maxUses: number | null = null) => ({
  code,
  texts: { lo: { name: 'ທົດສອບ' } },
  providers: ['gclub'],
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  maxUses,
  rules: { bonus: { kind: 'FIXED', amount: '10' } },
});

/**
 * The audit write fails (as a full disk or a lost connection would fail it) for the entries whose
 * action is `action` and whose entity is `entityId` or whose code starts with AUDITFAIL: the staff
 * change it records must not stay without it (src/audit/audit.ts).
 */
async function failAudit(action: string, entityId: string | null = null) {
  const entity = entityId === null ? 'NULL' : `'${entityId.replace(/[^0-9a-f-]/g, '')}'`;
  await app().db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = '${action}' AND (NEW.entity_id = ${entity} OR NEW.after ->> 'code' LIKE 'AUDITFAIL%') THEN
          RAISE EXCEPTION 'audit write failed (test)';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await app().db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_audit ON audit_log'));
  await app().db.execute(
    sql.raw('CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_audit()'),
  );
}

afterEach(async () => {
  await app().db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_audit ON audit_log'));
});

describe('a staff change to promotions and its audit entry are one transaction', () => {
  it('create: when the audit entry cannot be written, no promotion is created; when it can, both are there', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    await failAudit('promotion.create');
    const refused = await call(owner, 'POST', '/promotions', input('AUDITFAIL1'));
    expect(refused.statusCode).toBe(500);
    expect(await app().db.select().from(promotions).where(eq(promotions.code, 'AUDITFAIL1'))).toEqual([]);

    const created = await call(owner, 'POST', '/promotions', input('AUDITOK1'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id as string;
    const entries = await app().db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => [e.action, (e.after as { code: string }).code])).toEqual([['promotion.create', 'AUDITOK1']]);
  });

  it('update: when the audit entry cannot be written, the promotion keeps what it had', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const created = await call(owner, 'POST', '/promotions', input('AUDITFAIL2', 5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id as string;
    await failAudit('promotion.update', id);
    const refused = await call(owner, 'PUT', `/promotions/${id}`, input('AUDITFAIL2', 50));
    expect(refused.statusCode).toBe(500);
    const [row] = await app().db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.maxUses).toBe(5);
    expect((await app().db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action)).toEqual(['promotion.create']);
  });

  it('cancel: when the audit entry cannot be written, the usage stays taken; its promotion keeps the use', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '10' } });
    const p = await registerPlayer(app());
    await addBankAccount(app(), p);
    const usage = (await usePromotion(app(), p, promotion.id)).json().usage as { id: string };
    await failAudit('promotion_usage.cancel', usage.id);
    expect((await call(finance, 'POST', `/promotion-usages/${usage.id}/cancel`)).statusCode).toBe(500);
    const [row] = await app().db.select().from(promotionUsages).where(eq(promotionUsages.id, usage.id));
    expect(row!.status).toBe('ACTIVE');
    const [after] = await app().db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, promotion.id));
    expect(after!.uses).toBe(1);

    await app().db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_audit ON audit_log'));
    const cancelled = await call(finance, 'POST', `/promotion-usages/${usage.id}/cancel`);
    expect(cancelled.json().usage.status).toBe('CANCELED');
    const entries = await app().db.select().from(auditLog).where(eq(auditLog.entityId, usage.id));
    expect(entries.map((e) => [e.action, (e.after as { status: string }).status])).toEqual([['promotion_usage.cancel', 'CANCELED']]);
  });
});
