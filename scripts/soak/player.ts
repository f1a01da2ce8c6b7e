import { randomBytes } from 'node:crypto';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { payLaoQr, payLaoQrAmount } from '../../apps/server/src/test/bank.js';
import { Client, SOAK_BANKS } from './workload.js';

/** A player of the soak: registers, deposits and pays, takes promotions, withdraws and cancels. */
export class Player extends Client {
  private readonly username = `k${randomBytes(5).toString('hex')}`;
  private readonly password = `pw-${randomBytes(6).toString('hex')}`;
  /** THB minor believed at the provider: the credit of its paid deposits less its withdrawals */
  creditMinor = 0n;
  /** the orders this player paid: one still open (its notice on its way) is not paid again */
  private readonly paid = new Set<string>();
  /** the error code of the last refusal of a deposit or a promotion (responsible play is told apart by it) */
  lastRefusal = '';

  async register(): Promise<boolean> {
    const fingerprint = randomBytes(16).toString('hex');
    const res = await this.call(
      'POST',
      '/v2/players/register',
      { username: this.username, password: this.password, confirmPassword: this.password, fingerprint },
      { headers: { [FINGERPRINT_HEADER]: fingerprint } },
    );
    if (res.status !== 201) {
      // its answer was lost after the account was made: log in instead
      const login = await this.call('POST', '/v2/players/login', { username: this.username, password: this.password });
      if (login.status !== 200) return false;
      this.playerId = login.field('player.id');
    } else this.playerId = res.field('player.id');
    this.count('register');
    const account = `0102${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, '0')}`;
    await this.call('POST', '/v2/players/bank-accounts', {
      bank: 'bcel',
      accountNumber: account,
      accountName: `Soak ${this.username}`,
      currency: 'LAK',
      owner: true,
    });
    return true;
  }

  /** An order opened (or the open one found), then paid at the bank, or canceled unpaid. Answers whether it was paid. */
  async deposit(sandboxUrl: string, pay: boolean, op = 'deposit and pay'): Promise<boolean> {
    const res = await this.openOrder(SOAK_BANKS[Math.floor(Math.random() * SOAK_BANKS.length)]!);
    const id = res.field('order.id');
    if (!id) return false;
    // a player does not pay twice what it paid: a OnePay QR, unlike the others, would take a second payment
    if (pay && this.paid.has(id)) return false;
    if (!pay) {
      const cancel = await this.call('POST', `/v2/deposits/${id}/cancel`, undefined, { idempotent: true });
      if (cancel.status === 200) this.count('cancel deposit');
      return false;
    }
    const qr = await this.call('GET', `/v2/deposits/${id}/qr`);
    if (qr.status !== 200) return false;
    try {
      await payLaoQr(sandboxUrl, qr.field('payload'));
    } catch {
      return false; // expired or paid before: the bank took no money
    }
    const creditMinor = BigInt(res.field('order.credit').replace('.', ''));
    this.paid.add(id);
    this.ledger.paidDeposits.push({ id, playerId: this.playerId, creditMinor });
    const bank = res.field('order.bank');
    this.ledger.paidByBank[bank] = (this.ledger.paidByBank[bank] ?? 0) + 1;
    this.creditMinor += creditMinor;
    this.count(op);
    return true;
  }

  /** An order opened at `bank` (or the open one found); its answer. A refusal's code is kept in lastRefusal. */
  protected async openOrder(bank: string) {
    const amount = String(20_000 + 1_000 * Math.floor(Math.random() * 180));
    const res = await this.call('POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank, amount }, { idempotent: true });
    this.lastRefusal = res.status >= 400 && res.status !== 409 ? res.field('error.code') : '';
    return res.status === 409 ? this.call('GET', '/v2/deposits/open') : res;
  }

  /**
   * A payment of the wrong amount (decision 120): a BCEL order's OnePay QR paid with 5,000 kip more or
   * less than asked. The server confirms it with the bank, keeps it once as unmatched for staff to
   * refund, and credits nothing; the player, not credited, cancels the order. A bill of JDB, LVB or
   * the sandbox protocol fixes its amount at the bank (the sandbox refuses another, AMOUNT_FIXED).
   */
  async payWrongAmount(sandboxUrl: string): Promise<void> {
    const res = await this.openOrder('bcel');
    const id = res.field('order.id');
    if (!id || this.paid.has(id) || res.field('order.bank') !== 'bcel') return;
    const qr = await this.call('GET', `/v2/deposits/${id}/qr`);
    if (qr.status !== 200) return;
    const asked = BigInt(res.field('order.amount').replace(/\..*$/, ''));
    const amountLak = asked + (Math.random() < 0.5 ? -5_000n : 5_000n);
    let bankReference: string;
    try {
      bankReference = (await payLaoQrAmount(sandboxUrl, qr.field('payload'), amountLak)).bankReference;
    } catch {
      return;
    }
    this.paid.add(id);
    this.ledger.wrongAmounts.push({ orderId: id, playerId: this.playerId, bankReference, amountLak });
    this.count('pay the wrong amount');
    await this.call('POST', `/v2/deposits/${id}/cancel`, undefined, { idempotent: true });
  }

  /**
   * A promotion taken, a deposit paid with it (its bonus rides in the deposit's transfer), then the
   * promotion canceled: its bonus taken back from the provider (decision 045). A usage still held
   * from before (an answer lost) is canceled first.
   */
  async promotion(sandboxUrl: string, promotionId: string): Promise<void> {
    const used = await this.call('POST', '/v2/promotions/use', { promotionId, providerId: 'gclub' }, { idempotent: true });
    if (used.status !== 201) {
      this.lastRefusal = used.field('error.code');
      if (used.field('error.code') === 'PROMOTION_ONE_AT_A_TIME') {
        const held = await this.call('GET', '/v2/players/promotions/using');
        const usageId = held.field('usage.id');
        if (usageId) await this.cancelPromotion(usageId);
      }
      return;
    }
    this.count('take promotion');
    const usageId = used.field('usage.id');
    await this.deposit(sandboxUrl, true, 'deposit with promotion');
    await this.cancelPromotion(usageId);
  }

  /** Cancels a usage; while its bonus is still on its way to the provider the server says CONFLICT: asked again shortly. */
  private async cancelPromotion(usageId: string): Promise<void> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await this.call('POST', '/v2/promotions/usages/cancel', { usageId }, { idempotent: true });
      if (res.status === 200) {
        this.count('cancel promotion');
        this.creditMinor -= BigInt(res.field('usage.clawedBack').replace('.', '') || '0');
        return;
      }
      if (!(res.status === 409 && /on its way/.test(res.field('error.message')))) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  private record(id: string, amountMinor: bigint) {
    const amount = (amountMinor / 100n) * 100n;
    this.ledger.withdrawals.set(id, { playerId: this.playerId, amountMinor: amount, decided: null });
    this.creditMinor -= amount;
  }

  /**
   * After a withdrawal request whose answer was lost at least once: its withdrawals nobody was told of
   * yet. With a 201 there must be none (another would be the request run twice); without one, at most
   * one, the request's own, made before its answer was lost.
   */
  private async lookForWithdrawals(made: string, amountMinor: bigint) {
    const page = await this.call('GET', '/v2/withdrawals?pageSize=20');
    const items = (page.json as { items?: { id: string; amount: string }[] } | null)?.items ?? [];
    const unknown = items.filter((w) => w.id !== made && !this.ledger.withdrawals.has(w.id));
    if (made || unknown.length > 1) this.ledger.duplicateWithdrawals.push(...unknown.map((w) => `${this.playerId} ${w.id}`));
    else if (unknown.length === 1) {
      this.record(unknown[0]!.id, amountMinor);
      this.ledger.learnedWithdrawals++;
      this.count('withdraw');
    }
  }

  /** A withdrawal of part of what it holds; sometimes canceled by the player at once. */
  async withdraw(cancel: boolean): Promise<void> {
    if (this.creditMinor < 20_000n) return;
    const amountMinor = 10_000n + BigInt(Math.floor(Math.random() * 5)) * 100n;
    const lostBefore = this.lost;
    const res = await this.call(
      'POST',
      '/v2/withdrawals',
      { providerId: 'gclub', amount: String(amountMinor / 100n) },
      { idempotent: true },
    );
    const made = res.status === 201 ? res.field('withdrawal.id') : '';
    this.lastRefusal = made ? '' : res.field('error.code');
    if (made) this.record(made, amountMinor);
    // an answer was lost on the way: the player looks at its history, as the withdraw page shows it
    if (this.lost > lostBefore) await this.lookForWithdrawals(made, amountMinor);
    if (!made) return;
    const id = made;
    this.count('withdraw');
    if (!cancel) return;
    const c = await this.call('POST', `/v2/withdrawals/${id}/cancel`, undefined, { idempotent: true });
    if (c.status === 200) {
      this.ledger.withdrawals.get(id)!.decided = 'cancel';
      this.creditMinor += (amountMinor / 100n) * 100n;
      this.count('cancel withdrawal');
    }
  }
}
