import { randomBytes, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { callJson, type Answer } from '../../apps/server/src/test/http-player.js';
import { payLaoQr } from '../../apps/server/src/test/bank.js';

/**
 * The clients of the soak: players who register, deposit and pay, withdraw and cancel, and staff
 * who approve and reject, all through the front. Every request the server acknowledged (2xx) is
 * written down, to be checked against the database afterwards; a request whose answer was lost
 * (an instance killed, a connection cut) is sent again with the same Idempotency-Key where the route
 * takes one, until it is answered.
 */
export interface Ledger {
  ops: Record<string, number>;
  /** deposits the bank was paid for: each must end credited exactly once */
  paidDeposits: { id: string; playerId: string; creditMinor: bigint }[];
  /** those payments by the bank that took them (each bank on its own protocol: decision 136) */
  paidByBank: Record<string, number>;
  /** acknowledged withdrawal requests, and the acknowledged decisions on them */
  withdrawals: Map<string, { playerId: string; amountMinor: bigint; decided: 'approve' | 'reject' | 'cancel' | null }>;
  /** answers ≥ 500 other than 502 and 503, by route: a bug, never an outage (a killed instance answers 502 from the front or a cut connection) */
  serverErrors: string[];
  /** every answer the clients saw, by HTTP status (0: no answer, the connection cut) */
  statuses: Record<number, number>;
  /** withdrawals a player learned of from its history after a request whose answer was lost (asked once, made once) */
  learnedWithdrawals: number;
  /** withdrawals beyond the one asked, found after a request whose answer was lost: a request that took effect twice */
  duplicateWithdrawals: string[];
  retries: number;
}

export const newLedger = (): Ledger => ({
  ops: {},
  paidDeposits: [],
  paidByBank: {},
  withdrawals: new Map(),
  serverErrors: [],
  statuses: {},
  learnedWithdrawals: 0,
  duplicateWithdrawals: [],
  retries: 0,
});

export class Client {
  cookie = '';
  playerId = '';
  /** answers lost so far (no answer, 502, 503, a key still held): a request after one of them has an unknown outcome */
  lost = 0;
  private readonly address: string;
  constructor(
    private readonly front: string,
    index: number,
    protected readonly ledger: Ledger,
  ) {
    // its own source address through the front (TRUST_PROXY=loopback): per-address limits count it alone
    this.address = `10.77.${(index >> 8) & 255}.${index & 255}`;
  }

  /**
   * One call; a lost answer (network error, 502 from the front, 503 of a database or Redis out of
   * reach, 409 of a key still held) is retried with the same key.
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    opts: { idempotent?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const key = opts.idempotent ? randomUUID() : undefined;
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | null;
      try {
        const headers = { 'x-forwarded-for': this.address, ...(key ? { 'idempotency-key': key } : {}), ...opts.headers };
        const sent = await callJson(this.front, method, path, { body, headers, cookie: this.cookie, timeoutMs: 60_000 });
        this.cookie = sent.cookie;
        answer = sent.answer;
      } catch {
        answer = null;
      }
      const status = answer?.status ?? 0;
      this.ledger.statuses[status] = (this.ledger.statuses[status] ?? 0) + 1;
      const retriable =
        answer === null ||
        answer.status === 502 ||
        answer.status === 503 ||
        // the idempotency plugin's own 409s (plugins/idempotency.ts), not a route's CONFLICT, which a replay would answer again
        (answer.status === 409 && key !== undefined && /still running|^try again$/.test(answer.field('error.message')));
      if (answer && answer.status >= 500 && answer.status !== 502 && answer.status !== 503)
        this.ledger.serverErrors.push(
          `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`,
        );
      // a non-idempotent POST whose answer was lost is not sent twice blindly: the caller looks
      if (retriable) this.lost++;
      if (!retriable || (method === 'POST' && !key && answer === null) || attempt >= 120)
        return answer ?? { status: 0, json: null, field: () => '' };
      this.ledger.retries++;
      await new Promise((r) => setTimeout(r, 250 + Math.min(attempt, 8) * 250));
    }
  }

  count(op: string) {
    this.ledger.ops[op] = (this.ledger.ops[op] ?? 0) + 1;
  }
}

/**
 * The banks the players pay from, as the demo agency reaches them: BCEL through OnePay, JDB through
 * Yes, LVB through the Open API, LDB through the sandbox protocol (decision 136).
 */
export const SOAK_BANKS = ['bcel', 'jdb', 'lvb', 'ldb'] as const;

export class Player extends Client {
  private readonly username = `k${randomBytes(5).toString('hex')}`;
  private readonly password = `pw-${randomBytes(6).toString('hex')}`;
  /** THB minor believed at the provider: the credit of its paid deposits less its withdrawals */
  creditMinor = 0n;
  /** the orders this player paid: one still open (its notice on its way) is not paid again */
  private readonly paid = new Set<string>();

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
    const amount = String(20_000 + 1_000 * Math.floor(Math.random() * 180));
    let res = await this.call(
      'POST',
      '/v2/deposits',
      { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: SOAK_BANKS[Math.floor(Math.random() * SOAK_BANKS.length)], amount },
      { idempotent: true },
    );
    if (res.status === 409) res = await this.call('GET', '/v2/deposits/open');
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

  /**
   * A promotion taken, a deposit paid with it (its bonus rides in the deposit's transfer), then the
   * promotion canceled: its bonus taken back from the provider (decision 045). A usage still held
   * from before (an answer lost) is canceled first.
   */
  async promotion(sandboxUrl: string, promotionId: string): Promise<void> {
    const used = await this.call('POST', '/v2/promotions/use', { promotionId, providerId: 'gclub' }, { idempotent: true });
    if (used.status !== 201) {
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

export class Staff extends Client {
  /** the TOTP secret this owner enrolled with at its first login (decision 049) */
  private secret = '';

  /** The password, then the second factor: enrolment the first time (the owner must have one), a code after. */
  async login(username: string, password: string) {
    const res = await this.call('POST', '/v2/backoffice/login', { username, password });
    if (res.status !== 200) throw new Error(`staff login: ${res.status} ${JSON.stringify(res.json)}`);
    const state = res.field('secondFactor.state');
    if (state === 'ENROL') {
      const started = await this.call('POST', '/v2/backoffice/second-factor/enrolment');
      if (started.status !== 200) throw new Error(`enrolment: ${started.status} ${JSON.stringify(started.json)}`);
      this.secret = started.field('secret');
      const confirmed = await this.call('POST', '/v2/backoffice/second-factor/enrolment/confirm', {
        code: await generate({ secret: this.secret }),
      });
      if (confirmed.status !== 200) throw new Error(`enrolment confirmed: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
    } else if (state === 'REQUIRED') {
      const passed = await this.call('POST', '/v2/backoffice/login/second-factor', { code: await generate({ secret: this.secret }) });
      if (passed.status !== 200) throw new Error(`second factor: ${passed.status} ${JSON.stringify(passed.json)}`);
    }
  }

  /** The soak's promotion: a fixed 20 THB bonus at gclub, for any deposit, any number of times. Answers its id. */
  async createPromotion(): Promise<string> {
    const res = await this.call('POST', '/v2/backoffice/promotions', {
      code: `SOAK-${randomBytes(3).toString('hex').toUpperCase()}`,
      texts: { lo: { name: 'ໂປຣ soak' } },
      providers: ['gclub'],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      rules: { bonus: { kind: 'FIXED', amount: '20' } },
    });
    if (res.status !== 201) throw new Error(`promotion: ${res.status} ${JSON.stringify(res.json)}`);
    return res.field('promotion.id');
  }

  /** Decides the oldest open withdrawals: approves most, rejects some. Answers how many it decided. */
  async decide(players: Map<string, Player>): Promise<number> {
    const queue = await this.call('GET', '/v2/backoffice/withdrawals?status=OPEN&limit=20');
    const items = ((queue.json as { items?: { id: string }[] } | null)?.items ?? []).slice(0, 5);
    let n = 0;
    for (const { id } of items) {
      const approve = Math.random() < 0.7;
      const res = approve
        ? await this.call('POST', `/v2/backoffice/withdrawals/${id}/approve`, { bankReference: `SOAK-${randomBytes(4).toString('hex')}` })
        : await this.call('POST', `/v2/backoffice/withdrawals/${id}/reject`, { reason: 'soak' });
      if (res.status !== 200) continue;
      const w = this.ledger.withdrawals.get(id);
      if (w) {
        w.decided = approve ? 'approve' : 'reject';
        if (!approve) {
          const p = players.get(w.playerId);
          if (p) p.creditMinor += w.amountMinor;
        }
      }
      this.count(approve ? 'approve' : 'reject');
      n++;
    }
    return n;
  }
}
