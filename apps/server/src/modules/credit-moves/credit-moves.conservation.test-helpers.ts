import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import type { TestPlayer } from '../../test/players.js';
import { moveCredit } from './credit-moves.test-helpers.js';

type Rng = () => number;
type Answer = { statusCode: number; json(): { error?: { code: string } } & Record<string, unknown> };
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/**
 * The conservation test's move of credit (decision 176): a player moves a share of their credit (now
 * and then more than there is) from one provider to another while the providers' faults hit either leg.
 */
export function moveOperation(env: {
  app: FastifyInstance;
  players: TestPlayer[];
  providers: ProviderId[];
  note: (op: string, res: Answer) => void;
}) {
  const { app, players, providers, note } = env;
  return async (rng: Rng) => {
    const p = pick(rng, players);
    const held = async (provider: ProviderId) => {
      const res = await app.inject({ url: `/api/v2/players/credits/${provider}`, headers: { host: 'localhost', cookie: p.cookie } });
      if (res.statusCode !== 200) return note('credit', res);
      return Math.round(Number((res.json() as { credit: { amount: string } }).credit.amount) * 100);
    };
    // mostly from a provider where the player has credit, now and then from anywhere
    const first = pick(rng, providers);
    const firstCredit = await held(first);
    if (firstCredit === undefined) return;
    const others = providers.filter((x) => x !== first);
    const from = firstCredit > 0 || rng() < 0.2 ? first : pick(rng, others);
    const cents = from === first ? firstCredit : await held(from);
    if (cents === undefined) return;
    const to = pick(
      rng,
      providers.filter((x) => x !== from),
    );
    const amount = Math.max(100, Math.floor(cents * pick(rng, [0.2, 0.5, 1, 1.1])));
    const res = await moveCredit(app, p, {
      fromProviderId: from,
      toProviderId: to,
      amount: `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`,
    });
    note('move', res);
  };
}

/**
 * Moves by how they ended, what the CREDIT_MOVES accounts hold (nothing, once every move has ended),
 * and each move whose legs leave something there: its status and its transfers' postings, to read.
 */
export async function moveFigures(app: FastifyInstance) {
  const rows = await queryRows<{ status: string; n: number }>(
    app.db,
    sql`SELECT status, count(*)::int AS n FROM credit_moves GROUP BY status ORDER BY status`,
  );
  const [held] = await queryRows<{ total: string }>(
    app.db,
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE type = 'CREDIT_MOVES'`,
  );
  const unbalanced = await queryRows<{ move: string; status: string; left: string; postings: string }>(
    app.db,
    sql`SELECT m.id::text AS move, m.status, sum(CASE WHEN e.to_account_id = a.id THEN e.amount ELSE -e.amount END)::text AS left,
               string_agg(t.kind || ' ' || p.status || ' ' || e.amount, ', ' ORDER BY e.id) AS postings
          FROM ledger_entries e
          JOIN ledger_accounts a ON a.type = 'CREDIT_MOVES' AND a.id IN (e.from_account_id, e.to_account_id)
          JOIN ledger_transactions t ON t.id = e.transaction_id
          JOIN provider_transfers p ON p.id = (t.metadata ->> 'transferId')::uuid
          JOIN credit_moves m ON m.id = p.order_id
         GROUP BY m.id, m.status
        HAVING sum(CASE WHEN e.to_account_id = a.id THEN e.amount ELSE -e.amount END) <> 0`,
  );
  return { byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])), held: BigInt(held!.total), unbalanced };
}
