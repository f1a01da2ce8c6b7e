import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';

// the production cost of DESIGN.md §10, not the cheap one of testConfig
let ctx: TestContext;
let player: TestPlayer;
beforeAll(async () => {
  ctx = await createTestApp({ ARGON2_MEMORY_KIB: '19456', ARGON2_ITERATIONS: '2', RATE_LIMIT_ENABLED: 'false' });
  player = await registerPlayer(ctx.app);
});
afterAll(async () => ctx.close());

async function timed(username: string, password: string): Promise<number> {
  const start = performance.now();
  await ctx.app.inject({ method: 'POST', url: '/api/v2/players/login', headers: { host: 'localhost' }, payload: { username, password } });
  return performance.now() - start;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('login time at argon2id m=19456 KiB, t=2, p=1', () => {
  it('spends the same time on an unknown user as on a wrong password', async () => {
    await timed(player.username, player.password); // warm-up: the dummy hash and the JIT
    await timed('warm_up_user', 'x');
    const ok: number[] = [];
    const wrong: number[] = [];
    const unknown: number[] = [];
    // interleaved, so a busy moment of the machine weighs on all three alike
    for (let i = 0; i < 9; i++) {
      ok.push(await timed(player.username, player.password));
      wrong.push(await timed(player.username, 'wrong-password'));
      unknown.push(await timed('no_such_user', 'wrong-password'));
    }
    const [mOk, mWrong, mUnknown] = [median(ok), median(wrong), median(unknown)];
    console.log(`login median ms: success ${mOk.toFixed(1)}, wrong password ${mWrong.toFixed(1)}, unknown user ${mUnknown.toFixed(1)}`);
    // without the dummy verification an unknown user would answer far sooner than a wrong password
    expect(mUnknown / mWrong).toBeGreaterThan(0.5);
    expect(mUnknown / mWrong).toBeLessThan(2);
  });
});
