import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, providerTransfers } from '../../db/schema/index.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { ensureAccount } from '../ledger.js';
import { transferKindSchema, type TransferKind } from './kinds.js';
import { TransferService } from './service.js';

const env = useServerAndSandbox({ PROVIDER_TIMEOUT_MS: '300', WORKER_RETRY_BASE_MS: '5' });

describe('transfer kinds', () => {
  it('has a settlement handler for every declared kind once the app is ready', () => {
    expect(() => env.ctx.app.transfers.assertEveryKindHandled()).not.toThrow();
  });

  it('names the declared kinds that have no settlement handler (the app refuses to start)', () => {
    const transfers = new TransferService(env.ctx.app.db, { get: () => ({}) as never }, env.ctx.app.log, {
      retryBaseMs: 5,
      attentionMinutes: 30,
      dispatchConcurrency: 1,
    });
    transfers.onSettledMany('deposit', async () => {});
    expect(() => transfers.assertEveryKindHandled()).toThrow(
      'transfer kinds without a settlement handler: withdraw, withdraw_return, promotion_clawback, move_out, move_in, move_return',
    );
    expect(transferKindSchema.options).toEqual([
      'deposit',
      'withdraw',
      'withdraw_return',
      'promotion_clawback',
      'move_out',
      'move_in',
      'move_return',
    ]);
  });

  it('never settles a transfer of a kind without a handler: it stays PENDING, its job failing, the ledger unmoved', async () => {
    const { app } = env.ctx;
    const playerId = randomUUID();
    const exchange = await ensureAccount(app.db, { agencyId: env.agencyId(), type: 'EXCHANGE', currency: 'THB' });
    const { transfer } = await app.db.transaction((tx) =>
      app.transfers.request(tx, {
        agencyId: env.agencyId(),
        playerId,
        username: `p${playerId.slice(0, 8)}`,
        providerId: 'gclub',
        direction: 'IN',
        amount: 2_500n,
        reference: randomUUID(),
        kind: 'unhandled' as TransferKind,
        counterAccountId: exchange,
      }),
    );
    await app.worker.drain({ skipBackoff: true, maxRounds: 3 });
    const [row] = await app.db.select().from(providerTransfers).where(eq(providerTransfers.id, transfer.id));
    expect(row!.status).toBe('PENDING');
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `transfer:${transfer.id}`));
    expect(job!.doneAt).toBeNull();
    expect(job!.lastError).toBe('no settlement handler for transfer kind unhandled');
    // the reservation only: nothing reached the player's credit in the ledger
    expect(await app.transfers.creditVersion(app.db, env.agencyId(), playerId, 'gclub')).toBe(0n);
  });
});
