import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { houseAccount, playerCredit } from '../../ledger/ledger.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { settleTestKind, TEST_FUND_KIND } from '../../test/transfer-kinds.js';
import { fundCredit } from '../../modules/withdrawals/withdrawals.test-helpers.js';

/**
 * AMB takes no reference: a transfer sent twice moves the money twice. Two attempts of one transfer
 * at once (the in-process dispatch and the worker, or two instances) must send it once: the second
 * finds it taken and waits for it to be decided (docs/decisions/141).
 */
const env = useServerAndSandbox({ PROVIDER_ASKMEBET_PROTOCOL: 'amb', PROVIDER_TIMEOUT_MS: '1000', WORKER_RETRY_BASE_MS: '5' });
const app = () => env.ctx.app;

describe("AMB's witness on the transfer row", () => {
  it('two attempts of one transfer at once: sent once, credited once', async () => {
    const p = await registerPlayer(app());
    await fundCredit(app(), env.agencyId(), p, 'askmebet', 100_00n);
    settleTestKind(app(), TEST_FUND_KIND);
    const { transfer } = await app().db.transaction(async (tx) =>
      app().transfers.request(tx, {
        agencyId: env.agencyId(),
        playerId: p.playerId,
        username: p.username,
        providerId: 'askmebet',
        direction: 'IN',
        amount: 50_00n,
        reference: `test-fund:${randomUUID()}`,
        kind: TEST_FUND_KIND,
        counterAccountId: await houseAccount(tx, { agencyId: env.agencyId(), playerId: p.playerId, type: 'EXCHANGE', currency: 'THB' }),
      }),
    );
    await Promise.all([app().transfers.process(transfer.id), app().transfers.process(transfer.id), app().transfers.process(transfer.id)]);
    await app().worker.drain({ skipBackoff: true });
    const atAmb = (await env.sandbox.providerTransfers('askmebet', p.playerId)).filter((t) => t.status === 'POSTED');
    expect(atAmb.map((t) => t.amount)).toEqual([100_00n, 50_00n]);
    expect(await env.sandbox.providerBalance('askmebet', p.playerId)).toBe(150_00n);
    expect(await playerCredit(app().db, env.agencyId(), p.playerId, 'askmebet')).toBe(150_00n);
  });
});
