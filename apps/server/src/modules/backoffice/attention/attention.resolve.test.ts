import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FaultInput } from '@app/sandbox/test-kit';
import { queryRows } from '../../../db/client.js';
import { auditLog } from '../../../db/schema/index.js';
import { checkLedger } from '../../../ledger/check.js';
import { playerCredit } from '../../../ledger/ledger.js';
import { registerPlayer, type TestPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffLogin, type TestStaff } from '../../../test/staff.js';
import { fundCredit } from '../../withdrawals/withdrawals.test-helpers.js';

/**
 * An AMB transfer whose answer was lost while the member played: the balance moved by neither the
 * amount nor nothing, so it cannot be told (docs/decisions/141). It waits, unknown, until staff
 * decide from AMB's own records; their ruling settles it once, is audited, and frees the member.
 */
const env = useServerAndSandbox({
  PROVIDER_ASKMEBET_PROTOCOL: 'amb',
  PROVIDER_TIMEOUT_MS: '300',
  WORKER_RETRY_BASE_MS: '5',
  TRANSFER_ATTENTION_MINUTES: '0',
});
const app = () => env.ctx.app;
const PROVIDER = 'askmebet';

const transfersOf = (p: TestPlayer) =>
  queryRows<{ id: string; status: string; witness_state: string | null; last_error: string | null }>(
    app().db,
    sql`SELECT id, status, witness_state, last_error FROM provider_transfers WHERE player_id = ${p.playerId} ORDER BY created_at`,
  );
const resolve = (staff: TestStaff, id: string, payload: object) =>
  app().inject({
    method: 'POST',
    url: `/api/v2/backoffice/transfers/${id}/resolve`,
    headers: { host: 'localhost', cookie: staff.cookie },
    payload,
  });

/** 100 THB credited; then 250 THB sent with `fault`, a 10 THB losing bet placed while it is undecided */
async function heldTransfer(fault: Omit<FaultInput, 'providerId' | 'operations'>) {
  const p = await registerPlayer(app());
  await fundCredit(app(), env.agencyId(), p, PROVIDER, 100_00n);
  await env.sandbox.providerFaults.set({ providerId: PROVIDER, operations: ['transfer'], count: 1, ...fault });
  const funding = fundCredit(app(), env.agencyId(), p, PROVIDER, 250_00n);
  for (let i = 0; i < 200 && (await transfersOf(p))[1]?.witness_state !== 'sent'; i++) await new Promise((r) => setTimeout(r, 10));
  await env.sandbox.providerBet(PROVIDER, p.playerId, 10_00n, 0n);
  await funding;
  await new Promise((r) => setTimeout(r, 700));
  await app().worker.drain({ skipBackoff: true, maxRounds: 5 });
  const held = (await transfersOf(p))[1]!;
  expect(held.status).toBe('PENDING');
  expect(held.last_error).toMatch(/balance moved by 24000 since the attempt|balance moved by -1000 since the attempt/);
  return { p, id: held.id };
}

describe('staff decide a transfer the balance cannot tell', () => {
  it('applied at the provider (its answer lost after it committed): credited once, audited, the member free again', async () => {
    const { p, id } = await heldTransfer({ timeoutAfterCommit: true, holdMs: 1500 });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const support = await staffLogin(app(), env.agencyId(), 'support');
    expect((await resolve(support, id, { applied: true, note: 'AMB deposit 250.00 at 10:02' })).statusCode).toBe(403);
    expect((await resolve(finance, id, { applied: true, note: '' })).statusCode).toBe(400);
    expect((await resolve(finance, '00000000-0000-4000-8000-000000000000', { applied: true, note: 'nothing' })).statusCode).toBe(404);

    const res = await resolve(finance, id, { applied: true, note: 'AMB deposit 250.00 at 10:02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ item: null });
    // a second press (or a colleague's) changes nothing
    expect((await resolve(finance, id, { applied: false, note: 'AMB deposit 250.00 at 10:02' })).statusCode).toBe(200);
    expect((await transfersOf(p))[1]).toMatchObject({ status: 'POSTED', last_error: 'staff ruling: AMB deposit 250.00 at 10:02' });
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, (a.after as { status: string }).status])).toEqual([['transfer.resolve', 'POSTED']]);

    // the ledger holds both credits; the provider has them less the bet (booked at the next sync)
    expect(await checkLedger(app().db)).toEqual([]);
    expect(await playerCredit(app().db, env.agencyId(), p.playerId, PROVIDER)).toBe(350_00n);
    expect(await env.sandbox.providerBalance(PROVIDER, p.playerId)).toBe(340_00n);
    // the member's next transfer is no longer held back by the undecided one
    await fundCredit(app(), env.agencyId(), p, PROVIDER, 50_00n);
    expect((await transfersOf(p))[2]!.status).toBe('POSTED');
  });

  it('not applied (a 5xx before the provider did anything): voided, the credit back where it came from', async () => {
    const { p, id } = await heldTransfer({ fail5xx: true });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const res = await resolve(finance, id, { applied: false, note: 'no such deposit in AMB' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await transfersOf(p))[1]!.status).toBe('VOIDED');
    expect(await checkLedger(app().db)).toEqual([]);
    expect(await playerCredit(app().db, env.agencyId(), p.playerId, PROVIDER)).toBe(100_00n);
    expect(await env.sandbox.providerBalance(PROVIDER, p.playerId)).toBe(90_00n);
  });
});
