import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * Time passing for some OPEN deposit orders: their expiry (and their expiry job, written with the
 * order) brought to now, so that the worker expires them as it would 10 minutes after they were
 * opened. For an order paid with the wrong amount (decision 120), which neither its player nor a
 * check can close: the kip is kept for staff, the order waits for its expiry. Answers how many.
 */
export async function expireDepositsNow(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const list = `{${ids.join(',')}}`;
  const moved = await queryRows<{ id: string }>(
    db,
    sql`UPDATE deposit_orders SET expires_at = now() WHERE id = ANY (${list}::uuid[]) AND status = 'OPEN' RETURNING id::text`,
  );
  await queryRows(
    db,
    sql`UPDATE jobs SET run_at = now() WHERE type = 'deposit_expiry' AND done_at IS NULL AND payload->>'orderId' = ANY (${list}::text[]) RETURNING id`,
  );
  return moved.length;
}
