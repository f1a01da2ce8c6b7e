import { randomBytes, randomUUID } from 'node:crypto';
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
  /** acknowledged withdrawal requests, and the acknowledged decisions on them */
  withdrawals: Map<string, { playerId: string; amountMinor: bigint; decided: 'approve' | 'reject' | 'cancel' | null }>;
  /** answers ≥ 500 the clients saw, by route (an instance killed under a request answers 502 from the front: not counted) */
  serverErrors: string[];
  retries: number;
}

export const newLedger = (): Ledger => ({ ops: {}, paidDeposits: [], withdrawals: new Map(), serverErrors: [], retries: 0 });

export class Client {
  cookie = '';
  playerId = '';
  private readonly address: string;
  constructor(
    private readonly front: string,
    index: number,
    protected readonly ledger: Ledger,
  ) {
    // its own source address through the front (TRUST_PROXY=loopback): per-address limits count it alone
    this.address = `10.77.${(index >> 8) & 255}.${index & 255}`;
  }

  /** One call; a lost answer (network error, 502/503 from the front or a dying instance, 409 of a key still held) is retried with the same key. */
  async call(method: 'GET' | 'POST', path: string, body?: unknown, opts: { idempotent?: boolean; headers?: Record<string, string> } = {}) {
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
      const retriable =
        answer === null ||
        answer.status === 502 ||
        answer.status === 503 ||
        (answer.status === 409 && answer.field('error.code') === 'CONFLICT' && key !== undefined);
      if (answer && answer.status >= 500 && answer.status !== 502)
        this.ledger.serverErrors.push(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${answer.status} ${answer.field('error.code')}`);
      // a non-idempotent POST whose answer was lost is not sent twice blindly: the caller looks
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

export class Player extends Client {
  private readonly username = `k${randomBytes(5).toString('hex')}`;
  private readonly password = `pw-${randomBytes(6).toString('hex')}`;
  /** THB minor believed at the provider: the credit of its paid deposits less its withdrawals */
  creditMinor = 0n;

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

  /** An order opened (or the open one found), then paid at the bank, or canceled unpaid. */
  async deposit(sandboxUrl: string, pay: boolean): Promise<void> {
    const amount = String(20_000 + 1_000 * Math.floor(Math.random() * 180));
    let res = await this.call(
      'POST',
      '/v2/deposits',
      { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount },
      { idempotent: true },
    );
    if (res.status === 409) res = await this.call('GET', '/v2/deposits/open');
    const id = res.field('order.id');
    if (!id) return;
    if (!pay) {
      const cancel = await this.call('POST', `/v2/deposits/${id}/cancel`, undefined, { idempotent: true });
      if (cancel.status === 200) this.count('cancel deposit');
      return;
    }
    const qr = await this.call('GET', `/v2/deposits/${id}/qr`);
    if (qr.status !== 200) return;
    try {
      await payLaoQr(sandboxUrl, qr.field('payload'));
    } catch {
      return; // expired or paid before: the bank took no money
    }
    const creditMinor = BigInt(res.field('order.credit').replace('.', ''));
    this.ledger.paidDeposits.push({ id, playerId: this.playerId, creditMinor });
    this.creditMinor += creditMinor;
    this.count('deposit and pay');
  }

  /** A withdrawal of part of what it holds; sometimes canceled by the player at once. */
  async withdraw(cancel: boolean): Promise<void> {
    if (this.creditMinor < 20_000n) return;
    const amountMinor = 10_000n + BigInt(Math.floor(Math.random() * 5)) * 100n;
    const res = await this.call(
      'POST',
      '/v2/withdrawals',
      { providerId: 'gclub', amount: String(amountMinor / 100n) },
      { idempotent: true },
    );
    if (res.status !== 201) return;
    const id = res.field('withdrawal.id');
    this.ledger.withdrawals.set(id, { playerId: this.playerId, amountMinor: (amountMinor / 100n) * 100n, decided: null });
    this.creditMinor -= (amountMinor / 100n) * 100n;
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
  async login(username: string, password: string) {
    const res = await this.call('POST', '/v2/backoffice/login', { username, password });
    if (res.status !== 200) throw new Error(`staff login: ${res.status} ${JSON.stringify(res.json)}`);
  }

  /** Decides the oldest open withdrawals: approves most, rejects some. Answers how many it decided. */
  async decide(players: Map<string, Player>): Promise<number> {
    const queue = await this.call('GET', '/v2/backoffice/withdrawals?status=OPEN&pageSize=20');
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
