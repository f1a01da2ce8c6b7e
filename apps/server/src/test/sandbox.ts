import type { FastifyInstance } from 'fastify';
import { fromMinor, toMinor, type ProviderId } from '@app/contracts';
import {
  buildSandbox,
  loadSandboxConfig,
  startMemoryDatabasesIn,
  type AlertMessage,
  type Fault,
  type FaultInput,
  type SandboxConfig,
} from '@app/sandbox/test-kit';
import { signedHeaders } from '../http-signing.js';
import { templatesOfRun } from './database.js';

export interface TestSandbox {
  /** http://127.0.0.1:<port>: the sandbox listens for real, so adapters go through HTTP and timeouts */
  url: string;
  app: FastifyInstance;
  config: SandboxConfig;
  /** pass to createTestApp/testConfig so that the server talks to this sandbox */
  serverOverrides: { SANDBOX_URL: string };
  providerFaults: {
    /** adds one fault knob (see apps/sandbox/src/provider/faults.ts); returns it with its id */
    set(fault: FaultInput): Promise<Fault>;
    /** removes every provider fault knob */
    reset(): Promise<void>;
  };
  /** a player's balance at a provider (THB minor), null without an account there */
  providerBalance(providerId: ProviderId, playerId: string): Promise<bigint | null>;
  /** a player's transfers at the provider, oldest first (what its agent back office shows staff) */
  providerTransfers(
    providerId: ProviderId,
    playerId: string,
  ): Promise<{ reference: string; direction: 'IN' | 'OUT'; amount: bigint; status: 'POSTED' | 'REFUSED'; createdAt: Date }[]>;
  /** the provider's agent takes an applied transfer back (the provider "loses" it); returns the balance after */
  providerReverse(providerId: ProviderId, reference: string): Promise<bigint>;
  /** a transfer applied at the provider that our server never sent (another caller of its API); returns the balance after */
  providerForeignTransfer(
    providerId: ProviderId,
    player: { playerId: string; agencyId: string; username: string },
    t: { reference: string; direction: 'IN' | 'OUT'; amount: bigint },
  ): Promise<bigint>;
  /** a settled bet at the provider (counts for turnover); returns the balance after it */
  providerBet(providerId: ProviderId, playerId: string, amount: bigint, payout?: bigint): Promise<bigint>;
  alerts: {
    /** the Telegram and LINE messages the sandbox took, oldest first */
    messages(): Promise<AlertMessage[]>;
    /** the service answers `status` instead, for the next `times` messages (or until reset) */
    fault(fault: { service: 'telegram' | 'line'; status: 429 | 500 | 503; times?: number }): Promise<void>;
    /** no faults, no messages */
    reset(): Promise<void>;
  };
  close(): Promise<void>;
}

/**
 * The sandbox (game providers and the bank gateway) in this process, on a free port, with its
 * state in memory: one per test file, like the database.
 */
export async function startSandbox(overrides: Record<string, string> = {}): Promise<TestSandbox> {
  // its two in-memory databases start from one empty cluster per run, not from initdb each
  const templates = await templatesOfRun();
  if (templates) startMemoryDatabasesIn(templates.dir);
  const config = loadSandboxConfig({ SANDBOX_DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...overrides });
  const app = await buildSandbox(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the sandbox did not get a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  // launch and pay links point at this sandbox; the provider reads the public URL per request
  config.SANDBOX_PUBLIC_URL = url;

  async function signed(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const res = await app.inject({
      method,
      url: path,
      headers: {
        ...signedHeaders(config.PROVIDER_SECRET, method, path, payload),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  }

  function expectOk(res: { status: number; json: unknown }, what: string) {
    if (res.status !== 200) throw new Error(`sandbox ${what}: ${res.status} ${JSON.stringify(res.json)}`);
  }

  return {
    url,
    app,
    config,
    serverOverrides: { SANDBOX_URL: url },
    providerFaults: {
      async set(fault) {
        const res = await signed('POST', '/providers/_faults', fault);
        expectOk(res, 'set fault');
        return res.json.fault as Fault;
      },
      async reset() {
        expectOk(await signed('DELETE', '/providers/_faults'), 'reset faults');
      },
    },
    async providerBalance(providerId, playerId) {
      const res = await signed('GET', `/providers/${providerId}/_admin/players/${encodeURIComponent(playerId)}`);
      if (res.status === 404) return null;
      expectOk(res, 'balance');
      return toMinor(String(res.json.balance), 'THB');
    },
    async providerTransfers(providerId, playerId) {
      const res = await signed('GET', `/providers/${providerId}/_admin/players/${encodeURIComponent(playerId)}/transfers`);
      expectOk(res, 'transfers');
      return (
        res.json.transfers as {
          reference: string;
          direction: 'IN' | 'OUT';
          amount: string;
          status: 'POSTED' | 'REFUSED';
          createdAt: string;
        }[]
      ).map((t) => ({ ...t, amount: toMinor(t.amount, 'THB'), createdAt: new Date(t.createdAt) }));
    },
    async providerReverse(providerId, reference) {
      const res = await signed('POST', `/providers/${providerId}/_admin/transfers/${encodeURIComponent(reference)}/reverse`);
      expectOk(res, 'reverse');
      return toMinor(String(res.json.balance), 'THB');
    },
    async providerForeignTransfer(providerId, player, t) {
      const res = await signed('POST', `/providers/${providerId}/transfers`, { ...player, ...t, amount: fromMinor(t.amount, 'THB') });
      expectOk(res, 'transfer');
      return toMinor(String((res.json.transfer as { balance: string }).balance), 'THB');
    },
    async providerBet(providerId, playerId, amount, payout = 0n) {
      const res = await signed('POST', `/providers/${providerId}/_admin/players/${encodeURIComponent(playerId)}/bets`, {
        amount: fromMinor(amount, 'THB'),
        payout: fromMinor(payout, 'THB'),
      });
      expectOk(res, 'bet');
      return toMinor(String(res.json.balance), 'THB');
    },
    alerts: {
      async messages() {
        return (await app.inject({ method: 'GET', url: '/alerts/_messages' })).json().messages as AlertMessage[];
      },
      async fault(fault) {
        const res = await app.inject({ method: 'POST', url: '/alerts/_faults', payload: fault });
        expectOk({ status: res.statusCode, json: res.json() }, 'alert fault');
      },
      async reset() {
        await app.inject({ method: 'DELETE', url: '/alerts/_faults' });
        await app.inject({ method: 'DELETE', url: '/alerts/_messages' });
      },
    },
    close: () => app.close(),
  };
}
