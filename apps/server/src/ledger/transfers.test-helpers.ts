import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerTransfers } from '../db/schema/index.js';
import { useServerAndSandbox } from '../test/server-and-sandbox.js';
import { settleTestKind, TEST_KIND } from '../test/transfer-kinds.js';
import { ensureAccount } from './ledger.js';
import type { Settlement, TransferParams } from './transfers/index.js';

export type TestTransferPlayer = { playerId: string; username: string };

/**
 * The server and the sandbox for one transfers test file (provider calls time out after 300 ms,
 * retries 5 ms apart), transfers of the test kind recorded in `settled` as they settle, and the
 * requests those tests make.
 */
export function useTransfers() {
  const settled: { reference: string; outcome: Settlement }[] = [];
  const env = useServerAndSandbox({ PROVIDER_TIMEOUT_MS: '300', WORKER_RETRY_BASE_MS: '5' });
  beforeAll(async () => {
    settleTestKind(env.ctx.app, TEST_KIND, async (_tx, t, outcome) => {
      settled.push({ reference: t.reference, outcome });
    });
  });
  beforeEach(() => env.sandbox.providerFaults.reset());

  const { agencyId } = env;
  const exchange = () => ensureAccount(env.ctx.app.db, { agencyId: agencyId(), type: 'EXCHANGE', currency: 'THB' });
  const payable = () => ensureAccount(env.ctx.app.db, { agencyId: agencyId(), type: 'WITHDRAWALS_PAYABLE', currency: 'THB' });

  function newPlayer(): TestTransferPlayer {
    const playerId = randomUUID();
    return { playerId, username: `p${playerId.slice(0, 8)}` };
  }

  /** A transfer of the test kind at gclub, against the exchange (IN) or the payable account (OUT). */
  async function transferParams(
    p: TestTransferPlayer,
    direction: 'IN' | 'OUT',
    amount: bigint,
    reference = randomUUID(),
  ): Promise<TransferParams> {
    const counterAccountId = direction === 'IN' ? await exchange() : await payable();
    return { agencyId: agencyId(), ...p, providerId: 'gclub', direction, amount, reference, kind: TEST_KIND, counterAccountId };
  }

  async function request(p: TestTransferPlayer, direction: 'IN' | 'OUT', amount: bigint, reference = randomUUID()) {
    const params = await transferParams(p, direction, amount, reference);
    return env.ctx.app.db.transaction((tx) => env.ctx.app.transfers.request(tx, params));
  }

  /** gclub's next transfer is applied, then answered only after the call timed out (3 s): the outcome is unknown */
  const timeoutAfterCommitOnce = () =>
    env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], timeoutAfterCommit: true, holdMs: 3000, count: 1 });

  async function statusOf(reference: string) {
    const [t] = await env.ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.reference, reference));
    return t!.status;
  }

  return { env, timeoutAfterCommitOnce, agencyId, settled, exchange, payable, newPlayer, transferParams, request, statusOf };
}
