import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromMinor, promotionInputSchema, type PromotionFiguresResponse, type PromotionInput } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { payLaoQr } from '../../test/bank.js';
import type { TestPlayer } from '../../test/players.js';

type RulesInput = Partial<Record<keyof PromotionInput['rules'], unknown>>;

/** A promotion of the agency, made through the service staff use; rules as the contracts name them. */
export async function makePromotion(
  app: FastifyInstance,
  agencyId: string,
  rules: RulesInput,
  extra: Partial<Omit<PromotionInput, 'rules'>> = {},
) {
  const input = promotionInputSchema.parse({
    code: `P${randomBytes(4).toString('hex').toUpperCase()}`,
    texts: { lo: { name: 'ໂປຣທົດສອບ', summary: 'ສະຫຼຸບ' }, cn: { name: '测试优惠' } },
    providers: ['gclub', 'alphabet'],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    rules,
    ...extra,
  });
  return app.services.promotions.create(app.db, agencyId, input);
}

export function as(
  app: FastifyInstance,
  p: TestPlayer,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { host: 'localhost', cookie: p.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
}

export const usePromotion = (
  app: FastifyInstance,
  p: TestPlayer,
  promotionId: string,
  providerId = 'gclub',
  headers: Record<string, string> = {},
) => as(app, p, 'POST', '/v2/promotions/use', { promotionId, providerId }, headers);

/** Opens a deposit (kip) and answers it, without paying. */
export const openDeposit = (app: FastifyInstance, p: TestPlayer, amountLak: number, providerId = 'gclub') =>
  as(app, p, 'POST', '/v2/deposits', { providerId, mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(amountLak) });

/** A deposit opened, paid at the sandbox bank and checked; the worker left to settle its transfer. */
export async function payDeposit(app: FastifyInstance, sandboxUrl: string, p: TestPlayer, amountLak: number, providerId = 'gclub') {
  const created = await openDeposit(app, p, amountLak, providerId);
  if (created.statusCode !== 201) throw new Error(`deposit: ${created.statusCode} ${created.body}`);
  const order = created.json().order as { id: string };
  const qr = await as(app, p, 'GET', `/v2/deposits/${order.id}/qr`);
  await payLaoQr(sandboxUrl, qr.json().payload, 'bcel');
  const firstAt = Date.now();
  let checked = await as(app, p, 'POST', `/v2/deposits/${order.id}/check`);
  // BCEL through OnePay (the demo's protocols): paid once the listener has heard the bank's message
  if (checked.json().error?.code === 'ORDER_NOT_PAID') {
    const heard = sql`SELECT 1 FROM onepay_payments o JOIN deposit_orders d ON d.gateway_reference = o.uuid WHERE d.id = ${order.id}`;
    for (let i = 0; i < 100 && (await queryRows(app.db, heard)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await app.onePayListener?.idle();
    // an order is asked about once in 2 s (DEPOSIT_LIMITS.depositQuestionsPerOrder)
    await new Promise((r) => setTimeout(r, Math.max(0, firstAt + 2_100 - Date.now())));
    checked = await as(app, p, 'POST', `/v2/deposits/${order.id}/check`);
  }
  if (checked.statusCode !== 200) throw new Error(`deposit check: ${checked.statusCode} ${checked.body}`);
  return order.id;
}

/**
 * The promotion account (PROMOTION_EXPENSE, all shards) and what DESIGN.md §8 says it holds, read
 * from the rows: the bonuses credited (their deposit's transfer posted; a VOIDED one's bonus came
 * back in the same transaction, decision 045), taken back (clawbacks), and returned by approved
 * withdrawals (promo credit and the receivable cap's excess).
 */
export async function promotionAccount(app: FastifyInstance) {
  type Figure = 'account' | 'credited' | 'clawed' | 'returned';
  const [row] = await queryRows<Record<Figure, string>>(
    app.db,
    sql`SELECT (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE type = 'PROMOTION_EXPENSE')::text AS account,
               (SELECT coalesce(sum(u.bonus), 0) FROM promotion_usages u
                  JOIN provider_transfers t ON t.reference = 'dep:' || u.deposit_order_id WHERE t.status = 'POSTED')::text AS credited,
               (SELECT coalesce(sum(u.clawed_back), 0) FROM promotion_usages u)::text AS clawed,
               (SELECT coalesce(sum(w.promo_credit + w.credit_returned), 0) FROM withdrawals w WHERE w.status = 'SUCCESS')::text AS returned`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, BigInt(v)])) as Record<Figure, bigint>;
}

/**
 * The promotion figures as the route read them before decision 079: one grouped read of every usage
 * of the agency. The reference the kept figures must equal; sorted by promotion.
 */
export async function groupedFigures(db: Db, agencyId: string): Promise<PromotionFiguresResponse['figures']> {
  const rows = await queryRows<{ promotion_id: string; taken: number; in_use: number; used: number; cost: string }>(
    db,
    sql`SELECT promotion_id, count(*)::int AS taken, (count(*) FILTER (WHERE status = 'USED'))::int AS in_use,
               count(deposit_order_id)::int AS used,
               coalesce(sum(coalesce(bonus, 0) - coalesce(clawed_back, 0))
                          FILTER (WHERE deposit_order_id IS NOT NULL AND closed_by IS DISTINCT FROM 'VOIDED'), 0)::text AS cost
          FROM promotion_usages WHERE agency_id = ${agencyId} GROUP BY promotion_id`,
  );
  return byPromotion(
    rows.map((r) => ({
      promotionId: r.promotion_id,
      taken: r.taken,
      inUse: r.in_use,
      used: r.used,
      bonusCost: fromMinor(BigInt(r.cost), 'THB'),
    })),
  );
}

/** The figures' answer sorted by promotion, to compare with `groupedFigures`. */
export const byPromotion = (f: PromotionFiguresResponse['figures']) => [...f].sort((a, b) => (a.promotionId < b.promotionId ? -1 : 1));
