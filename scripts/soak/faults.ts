import { randomBytes } from 'node:crypto';
import type { ServerProcess } from '../../apps/server/src/test/server-process.js';
import type { TestSandbox } from '../../apps/server/src/test/sandbox.js';
import { resetBankFaults, setBankFaults } from '../../apps/server/src/test/bank.js';
import { callbackSignature } from '../../apps/server/src/payments/signing.js';
import { terminateBackends, type Redis } from './cluster.js';

export const FAULT_KINDS = [
  'provider timeout after commit',
  'provider 5xx',
  'duplicated callbacks',
  'late callbacks',
  'out-of-order callbacks',
  'forged callbacks',
  'bank tokens ended',
  'SIGKILL of an instance',
  'pg_terminate_backend',
  'Redis restart',
  'PubNub redelivery',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultTarget {
  sandbox: TestSandbox;
  instances: ServerProcess[];
  redis: Redis;
  databaseUrl: string;
  front: string;
  /** gateway references of open orders, for forged callbacks naming real orders */
  openReferences(): Promise<string[]>;
}

/**
 * Injects the soak's faults one after another, each kind in turn, while the clients run.
 * Each answers a short description; every fault is undone (knobs reset, instance restarted) before
 * the next, so that the run ends with all of it healed.
 */
export class Faults {
  readonly counts: Record<string, number> = {};
  restarts = 0;
  forgedAccepted = 0;
  private next = 0;

  constructor(
    private readonly t: FaultTarget,
    private readonly log: (line: string) => void,
  ) {}

  async injectNext(): Promise<void> {
    const kind = FAULT_KINDS[this.next++ % FAULT_KINDS.length]!;
    const detail = await this.inject(kind);
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    this.log(`fault: ${kind}${detail ? ` (${detail})` : ''}`);
  }

  private async inject(kind: FaultKind): Promise<string> {
    const { sandbox } = this.t;
    switch (kind) {
      case 'provider timeout after commit':
        await sandbox.providerFaults.set({ operations: ['transfer'], timeoutAfterCommit: true, holdMs: 4_000, count: 3 });
        return '3 transfers applied, their answers held past the server timeout';
      case 'provider 5xx':
        await sandbox.providerFaults.set({ operations: ['transfer', 'status'], fail5xx: true, count: 6 });
        return '6 calls answered 500';
      case 'duplicated callbacks':
        return this.bankFaultFor({ duplicateCallbacks: 2 }, 'each callback 3 times');
      case 'late callbacks':
        return this.bankFaultFor({ callbackDelayMs: 2_500 }, 'callbacks 2.5 s late');
      case 'out-of-order callbacks':
        return this.bankFaultFor({ outOfOrder: true, outOfOrderHoldMs: 1_500 }, 'each held behind the next');
      case 'forged callbacks':
        return this.forge();
      case 'bank tokens ended': {
        const res = await fetch(`${sandbox.url}/bank/_tokens/expire`, { method: 'POST' });
        if (!res.ok) throw new Error(`tokens not ended: HTTP ${res.status}`);
        return "JDB's and LVB's tokens ended at the bank: the next calls answered 401";
      }
      case 'SIGKILL of an instance': {
        const live = this.t.instances.filter((i) => i.running);
        const victim = live[Math.floor(Math.random() * live.length)];
        if (!victim) return 'none running';
        await victim.kill('SIGKILL');
        await new Promise((r) => setTimeout(r, 500));
        await victim.start(120_000);
        this.restarts++;
        return `instance on ${victim.port} killed and restarted`;
      }
      case 'pg_terminate_backend':
        return `${await terminateBackends(this.t.databaseUrl)} connections ended`;
      case 'Redis restart':
        await this.t.redis.restart();
        return 'redis-server SIGKILLed and started again';
      case 'PubNub redelivery':
        return this.dropSubscriptions();
    }
  }

  /**
   * The PubNub service ends every subscription (decision 132): each instance's OnePay listener hears
   * it lost, subscribes again from 30 minutes back, and is sent every payment of those minutes again
   * (decision 133). Answers how many messages came again within 15 s.
   */
  private async dropSubscriptions(): Promise<string> {
    const stats = async () => ((await (await fetch(`${this.t.sandbox.url}/pubnub/_stats`)).json()) as { redelivered: number }).redelivered;
    const before = await stats();
    const res = await fetch(`${this.t.sandbox.url}/pubnub/_drop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 500 }),
    });
    if (!res.ok) throw new Error(`subscriptions not dropped: HTTP ${res.status}`);
    const { dropped } = (await res.json()) as { dropped: number };
    let again = 0;
    for (const end = Date.now() + 15_000; Date.now() < end && again === 0; await new Promise((r) => setTimeout(r, 250)))
      again = (await stats()) - before;
    return `${dropped} subscriptions ended; ${again} messages delivered again`;
  }

  private async bankFaultFor(faults: Parameters<typeof setBankFaults>[1], what: string) {
    await setBankFaults(this.t.sandbox.url, faults);
    await new Promise((r) => setTimeout(r, 3_000));
    await resetBankFaults(this.t.sandbox.url);
    return `${what}, for 3 s`;
  }

  /** Callbacks for real open orders, signed with another secret or stale: each must be refused and change nothing. */
  private async forge(): Promise<string> {
    const references = (await this.t.openReferences()).slice(0, 5);
    let refused = 0;
    for (const reference of references) {
      for (const variant of ['secret', 'stale'] as const) {
        const raw = JSON.stringify({
          reference,
          bankReference: `FORGED-${randomBytes(4).toString('hex')}`,
          amount: '999999',
          currency: 'LAK',
          paidAt: new Date().toISOString(),
        });
        const at = String(variant === 'stale' ? Date.now() - 3_600_000 : Date.now());
        const secret = variant === 'secret' ? 'not-the-bank-callback-secret' : this.t.sandbox.config.BANK_CALLBACK_SECRET;
        const res = await fetch(`${this.t.front}/api/v2/payments/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-timestamp': at, 'x-signature': callbackSignature(secret, at, raw) },
          body: raw,
        }).catch(() => null);
        if (res?.status === 401) refused++;
        else if (res && res.status < 300) this.forgedAccepted++;
      }
    }
    return `${refused} of ${references.length * 2} refused`;
  }
}
