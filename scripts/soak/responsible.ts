import { Player } from './player.js';

/** the daily deposit limit the soak's limited players set (whole kip): a few deposits reach it */
export const SOAK_DAILY_LIMIT = 300_000n;
/** ops a cooling-off player plays before it cools off */
const OPS_BEFORE_COOLING_OFF = 8;
const RESPONSIBLE_CODES = new Set(['DEPOSIT_LIMIT_REACHED', 'SELF_EXCLUDED']);

export type Role = 'plain' | 'limited' | 'cooling-off';
/** Two players in eight set limits or cool off: the rest play as before. */
export const roleOf = (index: number): Role => (index % 8 === 3 ? 'limited' : index % 8 === 6 ? 'cooling-off' : 'plain');

/**
 * A soak player under the responsible-play rules (decision 160): a limited one sets a daily deposit
 * limit at once and deposits on past it (DEPOSIT_LIMIT_REACHED, never a deposit beyond it); a
 * cooling-off one deposits a few times, cools off for 24 h, then tries to deposit, take a promotion
 * and launch a game (SELF_EXCLUDED each) while its withdrawals still go through.
 */
export class SoakPlayer extends Player {
  private ops = 0;
  private gameId = '';

  constructor(
    front: string,
    index: number,
    ledger: ConstructorParameters<typeof Player>[2],
    readonly role: Role = roleOf(index),
  ) {
    super(front, index, ledger);
  }

  /** After registering: a limited player sets its daily limit (a lower limit is in force at once). */
  async prepare(): Promise<void> {
    if (this.role !== 'limited') return;
    const res = await this.call(
      'PUT',
      '/v2/players/limits',
      { daily: SOAK_DAILY_LIMIT.toString(), weekly: null, monthly: null },
      { idempotent: true },
    );
    if (res.status === 200) this.ledger.limited.set(this.playerId, SOAK_DAILY_LIMIT);
  }

  /** One operation of the workload, as the player's role has it. */
  async step(sandboxUrl: string, promotionId: string): Promise<void> {
    this.ops++;
    if (this.role === 'cooling-off' && this.ops > OPS_BEFORE_COOLING_OFF) return this.excludedStep(promotionId);
    if (this.role === 'cooling-off' && this.ops === OPS_BEFORE_COOLING_OFF) return this.coolOff();
    // before cooling off it only deposits: credit to withdraw while cooling off
    if (this.role === 'cooling-off') return void (await this.deposit(sandboxUrl, true));
    const r = Math.random();
    if (r < 0.38) await this.deposit(sandboxUrl, true);
    else if (r < 0.46) await this.deposit(sandboxUrl, false);
    else if (r < 0.49) await this.payWrongAmount(sandboxUrl);
    else if (r < 0.57) await this.promotion(sandboxUrl, promotionId);
    else await this.withdraw(r > 0.9);
    await this.noteRefusal('deposit');
  }

  private async noteRefusal(what: string) {
    const refused = RESPONSIBLE_CODES.has(this.lastRefusal);
    if (refused) {
      const key = `${this.lastRefusal} on ${what}`;
      this.ledger.refusals[key] = (this.ledger.refusals[key] ?? 0) + 1;
      // an operation answered as the rules say (checked against the database afterwards)
      this.count(`refused by ${this.lastRefusal === 'SELF_EXCLUDED' ? 'cooling-off' : 'deposit limit'}`);
    }
    this.lastRefusal = '';
    // a player refused thinks a moment before trying something else
    if (refused) await new Promise((r) => setTimeout(r, 1_000));
  }

  /** A 24-hour cooling-off; an answer lost on the way is looked up on the limits page. */
  private async coolOff(): Promise<void> {
    const res = await this.call('POST', '/v2/players/exclusion', { period: '24h' }, { idempotent: true });
    const seen = res.status === 201 ? res : await this.call('GET', '/v2/players/limits');
    const startsAt = seen.field('exclusion.startsAt');
    if (startsAt) {
      this.ledger.excluded.set(this.playerId, startsAt);
      this.count('cool off');
    }
  }

  /** While cooling off: a deposit, a promotion, a game launch (each refused) or a withdrawal (made). */
  private async excludedStep(promotionId: string): Promise<void> {
    if (!this.ledger.excluded.has(this.playerId)) return this.coolOff();
    const r = Math.random();
    if (r < 0.25) {
      const res = await this.openOrder('bcel');
      if (res.status === 201) this.ledger.exclusionBroken.push(`deposit ${res.field('order.id')}`);
      await this.noteRefusal('deposit');
    } else if (r < 0.5) {
      const res = await this.call('POST', '/v2/promotions/use', { promotionId, providerId: 'gclub' }, { idempotent: true });
      if (res.status === 201) this.ledger.exclusionBroken.push(`promotion ${res.field('usage.id')}`);
      this.lastRefusal = res.field('error.code');
      await this.noteRefusal('promotion');
    } else if (r < 0.75) {
      if (!this.gameId) this.gameId = (await this.call('GET', '/v2/games/gclub')).field('games.0.id');
      const res = await this.call('POST', '/v2/games/gclub/launch', { gameId: this.gameId || 'none' });
      if (res.status === 200) this.ledger.exclusionBroken.push(`game launch ${this.gameId}`);
      this.lastRefusal = res.field('error.code');
      await this.noteRefusal('game launch');
    } else {
      const before = this.ledger.ops.withdraw ?? 0;
      await this.withdraw(false);
      if ((this.ledger.ops.withdraw ?? 0) > before) this.ledger.excludedWithdrawals++;
      if (this.lastRefusal === 'SELF_EXCLUDED') this.ledger.exclusionBroken.push('withdrawal refused SELF_EXCLUDED');
      this.lastRefusal = '';
    }
  }
}
