import type { BankAccount, StaffPlayer } from '@app/contracts';
import type { playerBankAccounts } from '../../../db/schema/index.js';

/** A player's bank account row on the wire (the player's page and the decision dialog). */
export const toStaffBankAccount = (a: typeof playerBankAccounts.$inferSelect): BankAccount => ({
  id: a.id,
  bank: a.bank,
  accountNumber: a.accountNumber,
  accountName: a.accountName,
  currency: 'LAK',
  createdAt: a.createdAt.toISOString(),
});

/** A player's columns as the back office's raw reads select them. */
export interface PlayerRowSql {
  id: string;
  username: string;
  display_name: string;
  status: 'active' | 'blocked';
  promotion_blocked: boolean;
  must_change_password: boolean;
  created_at: string | Date;
  last_login_at: string | Date | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

export function toStaffPlayer(r: PlayerRowSql): StaffPlayer {
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    status: r.status,
    promotionBlocked: r.promotion_blocked,
    mustChangePassword: r.must_change_password,
    createdAt: iso(r.created_at),
    lastLoginAt: r.last_login_at === null ? null : iso(r.last_login_at),
  };
}
