import { and, asc, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { promotionSchema, type Language } from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { Invalidations } from '../../lib/invalidations.js';
import { promotions, type PromotionRow } from '../../db/schema/index.js';
import { toPromotion } from './promotions.view.js';

/** The notification channel a change of a promotion a player sees is told on (db/functions/promotion_changed_notify.sql). */
export const PROMOTION_CHANNEL = 'promotion_changed';
/** An agency's offers are read again after this even if no notification came (a safety net, decision 188). */
export const OFFERS_TTL_MS = 30_000;
const MAX_AGENCIES = 10_000;

/** A promotion row as the player's answers need it: all but the image's bytes. */
export type OfferRow = Omit<PromotionRow, 'imageData'>;
const { imageData: _imageData, ...offerColumns } = getTableColumns(promotions);
export { offerColumns };

/** One promotion's JSON as the response serializer writes it (schema-encoded, then stringified). */
export const promotionJson = (row: OfferRow, language: Language) => JSON.stringify(z.encode(promotionSchema, toPromotion(row, language)));

const MAX_MADE = 1_000;
const made = new Map<string, string>();

/**
 * `promotionJson` remembered by the row's own JSON (exact: the same row makes the same answer), for
 * the promotion a player holds, which may be one no longer offered.
 */
export function promotionJsonOf(row: OfferRow, language: Language): string {
  const key = `${language}:${JSON.stringify(row)}`;
  let json = made.get(key);
  if (json === undefined) {
    if (made.size >= MAX_MADE) made.clear();
    made.set(key, (json = promotionJson(row, language)));
  }
  return json;
}

interface Entry {
  rows: OfferRow[];
  keptUntilMs: number;
  /** each row's JSON by language, made on first use */
  json: Map<Language, string[]>;
}

/**
 * The promotions an agency offers, kept by each instance (docs/decisions/188-promotion-offers-cache.md):
 * the active ones not ended when read, in the answer's order; each read keeps those whose window holds
 * now. Kept true by the database's notifications (a promotion inserted, deleted, or changed in what a
 * player sees, on any instance or by hand): the agency's entry is dropped, and a read that was in flight
 * when it was told is not kept. While the notifications' connection is down nothing is kept.
 */
export class PromotionOffers {
  private readonly entries = new Map<string, Entry>();
  private readonly invalidations = new Invalidations(MAX_AGENCIES);
  private listening = false;

  private readonly query;

  constructor(
    db: Db,
    private readonly ttlMs = OFFERS_TTL_MS,
  ) {
    this.query = db
      .select(offerColumns)
      .from(promotions)
      .where(
        and(
          eq(promotions.agencyId, sql.placeholder('agencyId')),
          eq(promotions.isActive, true),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, sql.placeholder('now'))),
        ),
      )
      .orderBy(asc(promotions.startsAt), asc(promotions.code))
      .prepare('promotions_offered');
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidations.forgetAll();
    this.entries.clear();
  }

  invalidate(agencyId: string): void {
    this.invalidations.invalidate(agencyId);
    this.entries.delete(agencyId);
  }

  /** The agency's `{"promotions":[…]}` answer in `language`, open at `now`. */
  async answer(agencyId: string, language: Language, now = new Date()): Promise<string> {
    const entry = await this.entryOf(agencyId, now);
    let json = entry.json.get(language);
    if (!json) entry.json.set(language, (json = entry.rows.map((row) => promotionJson(row, language))));
    const open: string[] = [];
    for (const [i, row] of entry.rows.entries()) if (row.startsAt <= now && (row.endsAt === null || row.endsAt > now)) open.push(json[i]!);
    return `{"promotions":[${open.join(',')}]}`;
  }

  private async entryOf(agencyId: string, now: Date): Promise<Entry> {
    const kept = this.entries.get(agencyId);
    if (kept && this.listening && Date.now() < kept.keptUntilMs) return kept;
    const startedAt = this.invalidations.begin();
    const rows = await this.read(agencyId, now);
    const entry: Entry = { rows, keptUntilMs: Date.now() + this.ttlMs, json: new Map() };
    if (this.listening && this.invalidations.mayKeep(agencyId, startedAt)) {
      if (this.entries.size >= MAX_AGENCIES) this.entries.clear();
      this.entries.set(agencyId, entry);
    }
    return entry;
  }

  /** Active and not ended at `now` (one that starts later is kept, and shown from its start). */
  private read(agencyId: string, now: Date): Promise<OfferRow[]> {
    return this.query.execute({ agencyId, now: now.toISOString() });
  }
}
