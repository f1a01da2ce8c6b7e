import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { PlayerSession } from '../../plugins/session.js';
import { ProviderUnavailableError, type ProviderAdapter, type ProviderPlayer } from '../../providers/types.js';
import { createWalletService } from './wallet.service.js';

/** A provider whose balance reads wait until the test answers them, counted per player. */
function heldProvider() {
  const calls: { player: ProviderPlayer; answer: (v: bigint | null) => void; fail: (e: Error) => void }[] = [];
  const adapter = {
    id: 'gclub',
    balance: (player: ProviderPlayer) =>
      new Promise<bigint | null>((answer, fail) => {
        calls.push({ player, answer, fail });
      }),
  } as unknown as ProviderAdapter;
  const wallet = createWalletService({ db: {} as Db, providers: { get: () => adapter } });
  return { calls, wallet };
}

const session = (playerId: string, agencyId = 'agency-1'): PlayerSession => ({
  sessionId: `s-${playerId}`,
  playerId,
  agencyId,
  username: `u${playerId}`,
  displayName: `u${playerId}`,
  createdAt: new Date(),
  lastLoginAt: null,
  promotionBlocked: false,
  mustChangePassword: false,
  bankAccountRows: null,
});

const tick = () => new Promise((r) => setImmediate(r));

describe('credit reads in flight', () => {
  it('share one provider call among identical reads, and each gets the answer', async () => {
    const { calls, wallet } = heldProvider();
    const reads = Array.from({ length: 20 }, () => wallet.creditAt(session('p1'), 'gclub'));
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(12_345n);
    const answers = await Promise.all(reads);
    expect(new Set(answers.map((a) => a.credit.amount))).toEqual(new Set(['123.45']));
  });

  it('ask the provider again once the answer came: no answer is kept', async () => {
    const { calls, wallet } = heldProvider();
    const first = wallet.creditAt(session('p1'), 'gclub');
    await tick();
    calls[0]!.answer(100n);
    await first;
    const second = wallet.creditAt(session('p1'), 'gclub');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(200n);
    expect((await second).credit.amount).toBe('2.00');
  });

  it("never share one player's read with another player, another agency or another provider", async () => {
    const { calls, wallet } = heldProvider();
    const reads = [
      wallet.creditAt(session('p1'), 'gclub'),
      wallet.creditAt(session('p2'), 'gclub'),
      wallet.creditAt(session('p1', 'agency-2'), 'gclub'),
      wallet.creditAt(session('p1'), 'betflix'),
    ];
    await tick();
    expect(calls.map((c) => `${c.player.agencyId}/${c.player.playerId}`)).toEqual([
      'agency-1/p1',
      'agency-1/p2',
      'agency-2/p1',
      'agency-1/p1',
    ]);
    calls.forEach((c, i) => c.answer(BigInt(i + 1) * 100n));
    expect((await Promise.all(reads)).map((a) => a.credit.amount)).toEqual(['1.00', '2.00', '3.00', '4.00']);
  });

  it('give every waiting read the failure of the shared call, then try afresh', async () => {
    const { calls, wallet } = heldProvider();
    const reads = [wallet.creditAt(session('p1'), 'gclub'), wallet.creditAt(session('p1'), 'gclub')];
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.fail(new ProviderUnavailableError('maintenance'));
    for (const r of await Promise.allSettled(reads))
      expect(r).toMatchObject({ status: 'rejected', reason: { code: 'PROVIDER_UNAVAILABLE' } });
    const again = wallet.creditAt(session('p1'), 'gclub');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(null);
    expect((await again).credit.amount).toBe('0.00');
  });

  it('do not share the reads of money paths (creditMinorAt)', async () => {
    const { calls, wallet } = heldProvider();
    const reads = [wallet.creditMinorAt(session('p1'), 'gclub'), wallet.creditMinorAt(session('p1'), 'gclub')];
    await tick();
    expect(calls).toHaveLength(2);
    calls.forEach((c) => c.answer(5n));
    expect(await Promise.all(reads)).toEqual([5n, 5n]);
  });
});
