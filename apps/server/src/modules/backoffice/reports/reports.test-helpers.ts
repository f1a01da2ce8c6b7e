import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';

/**
 * Rows for the figures' tests (dashboard, reports), written as the engine leaves them, with the times
 * the test chooses: a player, a deposit the bank paid (or not), a withdrawal, a bonus with its deposit.
 */
let serial = 0;

export async function insertPlayer(app: FastifyInstance, agencyId: string, createdAt: string, username?: string): Promise<string> {
  const id = randomUUID();
  await queryRows(
    app.db,
    sql`INSERT INTO players (id, agency_id, username, password_hash, display_name, created_at)
        VALUES (${id}, ${agencyId}, ${username ?? `p${id.slice(0, 8)}`}, 'x', ${`Player ${username ?? ''}`.trim()}, ${createdAt})`,
  );
  return id;
}

export interface DepositRow {
  provider?: string;
  /** whole kip */
  lak: number;
  /** THB minor units of credit */
  credit?: number;
  sellRate?: string;
  /** null: never paid (canceled) */
  paidAt: string | null;
}

/** A deposit order; its id. */
export async function insertDeposit(app: FastifyInstance, agencyId: string, playerId: string, d: DepositRow): Promise<string> {
  serial += 1;
  const id = randomUUID();
  const at = d.paidAt ?? '2026-03-10T05:00:00Z';
  await queryRows(
    app.db,
    sql`INSERT INTO deposit_orders (id, agency_id, player_id, transaction_code, provider_id, mid, bank, amount_lak, credit_thb, sell_rate,
                                    status, gateway_reference, qr_payload, expires_at, bank_reference, paid_at, created_at)
        VALUES (${id}, ${agencyId}, ${playerId}, ${`D${serial}`}, ${d.provider ?? 'gclub'}, 'M', 'bcel', ${d.lak}, ${d.credit ?? 100},
                ${d.sellRate ?? '690'}, ${d.paidAt ? 'SUCCESS' : 'CANCELED'}, ${`gw-${randomUUID()}`}, 'qr', ${at},
                ${d.paidAt ? `bank-${randomUUID()}` : null}, ${d.paidAt}, ${at})`,
  );
  return id;
}

export interface WithdrawalRow {
  provider?: string;
  status: 'SUCCESS' | 'REJECTED' | 'OPEN';
  lak: number;
  /** THB minor units taken from the provider */
  credit?: number;
  at: string;
}

export async function insertWithdrawal(app: FastifyInstance, agencyId: string, playerId: string, w: WithdrawalRow): Promise<void> {
  serial += 1;
  const decided = w.status === 'OPEN' ? null : w.at;
  const credit = w.credit ?? 10000;
  await queryRows(
    app.db,
    sql`INSERT INTO withdrawals (id, agency_id, player_id, transaction_code, provider_id, status, total_credit, credit_received,
                                 amount_lak, rate, bank, account_number, account_name, created_at, decided_at)
        VALUES (${randomUUID()}, ${agencyId}, ${playerId}, ${`W${serial}`}, ${w.provider ?? 'gclub'}, ${w.status}, ${credit}, ${credit},
                ${w.lak}, 680, 'bcel', '0101000000001', 'A', ${w.at}, ${decided})`,
  );
}

export interface UsageRow {
  promotionId: string;
  depositId: string;
  provider?: string;
  /** THB minor units */
  bonus: number;
  usedAt: string;
  /** the provider voided the deposit's transfer: the bonus went back */
  voided?: boolean;
}

/** A usage whose deposit was paid: its bonus rode in that deposit's transfer (decision 045). */
export async function insertUsage(app: FastifyInstance, agencyId: string, playerId: string, u: UsageRow): Promise<void> {
  await queryRows(
    app.db,
    sql`INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, deposit_order_id, bonus, closed_by,
                                      expires_at, used_at, closed_at)
        VALUES (${agencyId}, ${playerId}, ${u.promotionId}, ${u.provider ?? 'gclub'}, ${u.voided ? 'CANCELED' : 'SUCCESS'}, ${u.depositId},
                ${u.bonus}, ${u.voided ? 'VOIDED' : 'WITHDRAWAL'}, ${u.usedAt}, ${u.usedAt}, ${u.usedAt})`,
  );
}
