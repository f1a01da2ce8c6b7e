import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { Player } from './player.js';
import { Client } from './workload.js';

/** The agency's owner in the soak: signs in with its second factor, makes the promotion, decides withdrawals. */
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
