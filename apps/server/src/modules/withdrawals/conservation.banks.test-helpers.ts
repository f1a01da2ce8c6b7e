import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { seedDemoBankProtocols } from '../../payments/demo.js';
import { payLaoQrAmount } from '../../test/bank.js';
import { expireDepositsNow } from '../../test/deposit-expiry.js';
import type { TestPlayer } from '../../test/players.js';
import { int, type Answer, type Rng } from './conservation.test-helpers.js';

/** The banks the conservation test pays at: BCEL through OnePay, JDB through Yes, LVB through the Open API, LDB on the sandbox protocol. */
export const CONSERVATION_BANKS = ['bcel', 'jdb', 'lvb', 'ldb'] as const;

/** The agency on the banks' own protocols, as the demo has them (decision 136), and the OnePay listener on its channel. */
export async function useDemoBankProtocols(app: FastifyInstance, agencyId: string): Promise<void> {
  await seedDemoBankProtocols(app.db, agencyId, app.config);
  app.bankGateways.forget(agencyId);
  await app.onePayListener!.refresh();
}

/**
 * Payments of the wrong amount (decision 120): a BCEL order's OnePay QR paid with 5,000 kip more or
 * less, the order checked and canceled by its player (PAYMENT_MISMATCH both, once the bank's message
 * is heard: the order waits for its expiry, brought to now at once; `expire` does it again for any
 * still open before the quiesce). `verify` (after the
 * quiesce): each kept once as unmatched with the amount paid, its kip booked once, its order expired
 * and never credited.
 */
export function wrongAmountOperation(env: {
  app: FastifyInstance;
  sandboxUrl: string;
  note: (op: string, res: Answer) => void;
  as: (p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) => Promise<Answer>;
}) {
  const paid: { orderId: string; bankReference: string; amountLak: bigint }[] = [];
  async function op(rng: Rng, p: TestPlayer) {
    const amount = BigInt(int(rng, 100, 2000) * 1000);
    const created = await env.as(p, 'POST', '/v2/deposits', {
      providerId: 'alphabet',
      mid: 'DEMO-LAK-001',
      bank: 'bcel',
      amount: String(amount),
    });
    env.note('wrong amount deposit', created);
    if (created.statusCode !== 201) return;
    const orderId = (created.json() as unknown as { order: { id: string } }).order.id;
    const qr = await env.as(p, 'GET', `/v2/deposits/${orderId}/qr`);
    const amountLak = amount + (rng() < 0.5 ? -5_000n : 5_000n);
    const { bankReference } = await payLaoQrAmount(env.sandboxUrl, (qr.json() as unknown as { payload: string }).payload, amountLak);
    paid.push({ orderId, bankReference, amountLak });
    // the bank's message, heard by the listener, is the OnePay status the check reads
    for (let i = 0; i < 100 && !(await heard(bankReference)); i++) await new Promise((r) => setTimeout(r, 50));
    await env.app.onePayListener!.idle();
    env.note('wrong amount check', await env.as(p, 'POST', `/v2/deposits/${orderId}/check`));
    env.note('wrong amount cancel', await env.as(p, 'POST', `/v2/deposits/${orderId}/cancel`));
    // time passes: the order expires at the worker's next round, and its player may deposit again
    await expireDepositsNow(env.app.db, [orderId]);
  }
  const heard = async (fccref: string) =>
    (await queryRows(env.app.db, sql`SELECT 1 FROM onepay_payments WHERE fccref = ${fccref}`)).length > 0;
  const expire = () =>
    expireDepositsNow(
      env.app.db,
      paid.map((w) => w.orderId),
    );
  async function verify() {
    for (const w of paid) {
      const rows = await queryRows<{ order_id: string; reason: string; amount: string; booked: string; status: string; credited: string }>(
        env.app.db,
        sql`SELECT u.order_id::text, u.reason, u.amount_lak::text AS amount,
                   (SELECT count(*) FROM ledger_transactions l WHERE l.reference = 'unmatched:' || u.id || ':received')::text AS booked,
                   (SELECT status FROM deposit_orders d WHERE d.id = u.order_id) AS status,
                   (SELECT count(*) FROM ledger_transactions l WHERE l.reference = 'deposit:' || u.order_id || ':paid')::text AS credited
              FROM unmatched_payments u WHERE u.bank_reference = ${w.bankReference}`,
      );
      expect(rows, w.bankReference).toEqual([
        { order_id: w.orderId, reason: 'AMOUNT_MISMATCH', amount: String(w.amountLak), booked: '1', status: 'CANCELED', credited: '0' },
      ]);
    }
    return paid.length;
  }
  return { op, expire, verify };
}
