/**
 * Group commit: callers hand in one item each and wait for its own result, while the work runs for
 * every item waiting at that moment together, in one transaction of the caller's making
 * (docs/decisions/021-settlement-in-groups.md). No timer: a group starts as soon as the event loop
 * turns, and the items that arrive while it runs form the next one, so a lone item waits for
 * nothing and a busy server shares statements and commits between many.
 */
export type ItemResult<O> = { ok: true; value: O } | { ok: false; error: unknown };

export class GroupCommit<I, O> {
  private waiting: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    /** the work for a group: one result per item, in order; throwing fails the whole group */
    private readonly work: (items: I[]) => Promise<ItemResult<O>[]>,
    private readonly opts: { maxItems: number },
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush() {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const group = this.waiting.splice(0, this.opts.maxItems);
    try {
      const results = await this.settle(group.map((w) => w.item));
      group.forEach((w, i) => {
        const r = results[i]!;
        if (r.ok) w.resolve(r.value);
        else w.reject(r.error);
      });
    } finally {
      this.running = false;
      if (this.waiting.length > 0) this.schedule();
    }
  }

  /**
   * A group that fails whole is run again one item at a time, so that what one item caused (a
   * refusal, a bad row) reaches its own caller only and the others still go through.
   */
  private async settle(items: I[]): Promise<ItemResult<O>[]> {
    const attempt = async (list: I[]): Promise<ItemResult<O>[]> => {
      const results = await this.work(list);
      if (results.length !== list.length) throw new Error(`group commit: ${results.length} results for ${list.length} items`);
      return results;
    };
    try {
      return await attempt(items);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      const alone: ItemResult<O>[] = [];
      for (const item of items) {
        try {
          alone.push(...(await attempt([item])));
        } catch (err) {
          alone.push({ ok: false, error: err });
        }
      }
      return alone;
    }
  }
}
