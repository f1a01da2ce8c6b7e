import { describe, expect, it } from 'vitest';
import { GroupCommit, type ItemResult } from './group-commit.js';

/** A group commit whose work records each group and answers item × 10, refusing the item 13. */
function recording(maxItems = 64, failWhole?: (items: number[]) => boolean) {
  const groups: number[][] = [];
  const group = new GroupCommit<number, number>(
    async (items) => {
      groups.push(items);
      await new Promise((r) => setTimeout(r, 5));
      if (failWhole?.(items)) throw new Error(`group ${items.join(',')} failed`);
      return items.map((i): ItemResult<number> =>
        i === 13 ? { ok: false, error: new Error('thirteen refused') } : { ok: true, value: i * 10 },
      );
    },
    { maxItems },
  );
  return { groups, group };
}

describe('group commit', () => {
  it('runs the items handed in together as one group, and those that come while it runs as the next', async () => {
    const { groups, group } = recording();
    const first = [1, 2, 3].map((i) => group.run(i));
    await new Promise((r) => setImmediate(r));
    const later = [4, 5].map((i) => group.run(i));
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('runs a lone item at once, without waiting for company', async () => {
    const { groups, group } = recording();
    const started = performance.now();
    expect(await group.run(7)).toBe(70);
    expect(groups).toEqual([[7]]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps a group to its maximum size', async () => {
    const { groups, group } = recording(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => group.run(i)))).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("gives an item's own refusal to its caller only", async () => {
    const { group } = recording();
    const results = await Promise.allSettled([12, 13, 14].map((i) => group.run(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([120, 'thirteen refused', 140]);
  });

  it('runs a group that failed whole again one item at a time, so that only the cause fails', async () => {
    // any group holding 6 fails, as a transaction would for one bad row
    const { groups, group } = recording(64, (items) => items.includes(6));
    const results = await Promise.allSettled([5, 6, 7].map((i) => group.run(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('group 6 failed');
    expect(groups).toEqual([[5, 6, 7], [5], [6], [7]]);
    // and the next group is not held up by it
    expect(await group.run(8)).toBe(80);
  });
});
