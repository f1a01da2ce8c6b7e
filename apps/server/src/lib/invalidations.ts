/**
 * Which reads an instance's cache may keep, when the database's notifications keep it true
 * (docs/decisions/043-session-cache.md, 188-promotion-offers-cache.md). A read notes the moment it
 * starts (`begin`); its answer may be kept only if its key was not invalidated since (the read may
 * predate the change) and nothing forgot everything since (the notifications' connection went down or
 * came back, or too many keys were invalidated to remember each).
 */
export class Invalidations {
  private readonly invalidatedAt = new Map<string, number>();
  /** bumped by every invalidation */
  private epoch = 0;
  /** reads started before this are never kept */
  private floor = 0;

  constructor(private readonly maxRemembered: number) {}

  /** Notes the moment a read starts (see `mayKeep`). */
  begin(): number {
    return this.epoch;
  }

  /** Whether a read of `key` started at `startedAt` (`begin`) may be kept. */
  mayKeep(key: string, startedAt: number): boolean {
    if (startedAt < this.floor) return false;
    const invalidated = this.invalidatedAt.get(key);
    return invalidated === undefined || invalidated <= startedAt;
  }

  /** `key` changed: no read of it in flight may be kept. */
  invalidate(key: string): void {
    this.epoch++;
    if (this.invalidatedAt.size >= this.maxRemembered) this.forgetAll();
    this.invalidatedAt.set(key, this.epoch);
  }

  /** No read in flight may be kept, whatever its key. */
  forgetAll(): void {
    this.epoch++;
    this.floor = this.epoch;
    this.invalidatedAt.clear();
  }
}
