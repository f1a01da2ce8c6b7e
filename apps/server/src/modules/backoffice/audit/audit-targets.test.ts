import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { currencies, depositOrders, providerTransfers, withdrawals } from '../../../db/schema/index.js';
import { createAgency } from '../../../test/agencies.js';
import { registerPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffLogin } from '../../../test/staff.js';
import { makePromotion, openDeposit, usePromotion } from '../../promotions/promotions.test-helpers.js';
import { addBankAccount, fundCredit, withdraw } from '../../withdrawals/withdrawals.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

/** one audit entry of the agency naming that target, under an action of this test's own */
async function entry(agencyId: string, action: string, entityType: string, entityId: string | null) {
  await app().db.execute(sql`INSERT INTO audit_log (agency_id, staff_username, action, entity_type, entity_id)
                             VALUES (${agencyId}, 'tester', ${action}, ${entityType}, ${entityId})`);
}

describe('the audit log names what each entry changed (decision 081)', () => {
  it('shows each kind of target by its name, with the player it belongs to, and nothing of another agency', async () => {
    const agencyId = env.agencyId();
    const owner = await staffLogin(app(), agencyId, 'owner');
    const action = `names.${randomBytes(4).toString('hex')}`;

    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    await fundCredit(app(), agencyId, player, 'gclub', 50_000n);
    const w = await withdraw(app(), player, { providerId: 'gclub', amount: '100.00' });
    expect(w.statusCode, w.body).toBe(201);
    const [withdrawal] = await app().db.select().from(withdrawals).where(eq(withdrawals.playerId, player.playerId));
    const [transfer] = await app().db.select().from(providerTransfers).where(eq(providerTransfers.playerId, player.playerId)).limit(1);

    const depositor = await registerPlayer(app());
    await addBankAccount(app(), depositor);
    const promotion = await makePromotion(app(), agencyId, { bonus: { kind: 'FIXED', amount: '10' } });
    const used = await usePromotion(app(), depositor, promotion.id);
    expect(used.statusCode, used.body).toBe(201);
    const usageId = used.json().usage.id as string;
    const payer = await registerPlayer(app());
    await addBankAccount(app(), payer);
    const opened = await openDeposit(app(), payer, 100_000);
    expect(opened.statusCode, opened.body).toBe(201);
    const [deposit] = await app().db.select().from(depositOrders).where(eq(depositOrders.playerId, payer.playerId));

    const bankReference = `UNM-${randomBytes(4).toString('hex')}`;
    const [unmatched] = await queryRows<{ id: string }>(
      app().db,
      sql`INSERT INTO unmatched_payments (agency_id, gateway_reference, bank_reference, amount_lak, currency, paid_at, reason)
          VALUES (${agencyId}, ${`gw-${bankReference}`}, ${bankReference}, 5000, 'LAK', now(), 'NO_ORDER') RETURNING id`,
    );
    const [lak] = await app()
      .db.select()
      .from(currencies)
      .where(and(eq(currencies.agencyId, agencyId), eq(currencies.code, 'LAK')));

    const other = await createAgency(app(), `names${randomBytes(3).toString('hex')}`, `names-${randomUUID()}.test`);
    const foreign = await makePromotion(app(), other, {});

    const expected: [string, string | null, { name: string; playerId: string | null } | null][] = [
      ['player', player.playerId, { name: player.username, playerId: player.playerId }],
      ['staff', owner.id, { name: owner.username, playerId: null }],
      ['promotion', promotion.id, { name: promotion.code, playerId: null }],
      ['promotion_usage', usageId, { name: `${promotion.code} · ${depositor.username}`, playerId: depositor.playerId }],
      ['withdrawal', withdrawal!.id, { name: withdrawal!.transactionCode, playerId: player.playerId }],
      ['deposit', deposit!.id, { name: deposit!.transactionCode, playerId: payer.playerId }],
      ['provider_transfer', transfer!.id, { name: `gclub · ${player.username}`, playerId: player.playerId }],
      ['unmatched_payment', unmatched!.id, { name: bankReference, playerId: null }],
      ['currency', lak!.id, { name: 'LAK', playerId: null }],
      ['agency', agencyId, { name: expect.any(String) as unknown as string, playerId: null }],
      ['agency_bank_config', `${agencyId}:bcel`, { name: 'BCEL', playerId: null }],
      // no name: an export (no id), what is gone, what another agency holds, an id of the wrong kind
      ['export', null, null],
      ['promotion', randomUUID(), null],
      ['promotion', foreign.id, null],
      ['player', promotion.id, null],
      ['player', 'not-a-uuid', null],
    ];
    for (const [type, id] of expected) await entry(agencyId, action, type, id);

    const res = await app().inject({
      method: 'GET',
      url: `/api/v2/backoffice/audit?action=${action}&limit=50`,
      headers: { host: 'localhost', cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json().items as { entityType: string; entityId: string | null; target: unknown }[]).reverse();
    expect(items.map((i) => [i.entityType, i.entityId, i.target])).toEqual(expected);
  });
});
