/**
 * The sessions one server instance has just read, kept a few seconds (docs/decisions/043-session-cache.md)
 * so that a page's calls, which all carry the same cookie, cost no lookup. What keeps it true:
 * - every change that can end a session or change its lookup's answer is notified by the database
 *   (migration 0025) to every instance, which drops that owner's entries; this instance's own
 *   logouts and password changes drop them at once, and refuse to keep that owner for a while;
 * - a lookup that was in flight when its owner was notified is not kept (it may predate the change);
 * - while the notifications' connection is down nothing is kept or answered from here;
 * - an entry is used only within its expiries, as this process's clock sees them, and its time to live.
 */
import { Invalidations } from '../lib/invalidations.js';

export interface CachedSession<R> {
  row: R;
  ownerId: string;
  expiresAtMs: number;
  lastSeenAtMs: number;
  keptUntilMs: number;
}

const MAX_ENTRIES = 50_000;
// owners invalidated lately: a lookup started before its owner's invalidation is not kept
const MAX_RECENT = 10_000;

export class SessionCache<R> {
  private readonly entries = new Map<string, CachedSession<R>>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly invalidations = new Invalidations(MAX_RECENT);
  private readonly refusedUntil = new Map<string, number>();
  private listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly idleMs: number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The notifications' connection is up (true) or lost (false): either way, forget everything. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  /** Notes the moment a lookup starts (see `keep`). */
  begin(): number {
    return this.invalidations.begin();
  }

  get(key: string, now = Date.now()): CachedSession<R> | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now >= e.keptUntilMs || now >= e.expiresAtMs || now - e.lastSeenAtMs >= this.idleMs) {
      this.remove(key, e.ownerId);
      return undefined;
    }
    return e;
  }

  /** Keeps a lookup's answer, unless its owner changed since `startedAt` (`begin`) or is refused. */
  keep(key: string, startedAt: number, entry: Omit<CachedSession<R>, 'keptUntilMs'>, now = Date.now()): void {
    if (!this.enabled || !this.invalidations.mayKeep(entry.ownerId, startedAt)) return;
    if ((this.refusedUntil.get(entry.ownerId) ?? 0) > now) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, { ...entry, keptUntilMs: now + this.ttlMs });
    let keys = this.byOwner.get(entry.ownerId);
    if (!keys) this.byOwner.set(entry.ownerId, (keys = new Set()));
    keys.add(key);
  }

  /** The owner changed: forget its entries, and any lookup of it in flight. */
  invalidate(ownerId: string): void {
    this.invalidations.invalidate(ownerId);
    for (const key of this.byOwner.get(ownerId) ?? []) this.entries.delete(key);
    this.byOwner.delete(ownerId);
  }

  /**
   * This instance ended the owner's sessions (logout, password change), perhaps inside a
   * transaction not committed yet: forget them, and keep none of the owner's for a time to live.
   */
  ended(ownerId: string, now = Date.now()): void {
    this.invalidate(ownerId);
    if (this.refusedUntil.size >= MAX_RECENT) this.refusedUntil.clear();
    this.refusedUntil.set(ownerId, now + this.ttlMs);
  }

  /** Updates an entry's last use after this instance wrote it. */
  touched(key: string, now = Date.now()): void {
    const e = this.entries.get(key);
    if (e) e.lastSeenAtMs = now;
  }

  private remove(key: string, ownerId: string): void {
    this.entries.delete(key);
    const keys = this.byOwner.get(ownerId);
    keys?.delete(key);
    if (keys?.size === 0) this.byOwner.delete(ownerId);
  }

  private clear(): void {
    this.invalidations.forgetAll();
    this.entries.clear();
    this.byOwner.clear();
  }
}
