import {
  fromMinor,
  promotionRulesSchema,
  type BackofficePromotion,
  type Language,
  type Promotion,
  type PromotionUsage,
} from '@app/contracts';
import type { PromotionRow, PromotionUsageRow } from '../../db/schema/index.js';

const thb = (v: bigint | null) => (v === null ? null : fromMinor(v, 'THB'));

/** The image's URL carries its content hash: a new image is a new URL, so the old one may be cached for ever. */
export const imageUrlOf = (p: Pick<PromotionRow, 'id' | 'imageHash'>) =>
  p.imageHash ? `/api/v2/promotions/${p.id}/image/${p.imageHash}` : null;

/** A promotion in the player's language (Lao when it has no text in that one). */
export function toPromotion(p: Omit<PromotionRow, 'imageData'>, language: Language): Promotion {
  const text = p.texts[language] ?? p.texts.lo;
  return {
    id: p.id,
    code: p.code,
    name: text.name,
    summary: text.summary,
    terms: text.terms,
    imageUrl: imageUrlOf(p),
    providers: p.providers as Promotion['providers'],
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    rules: promotionRulesSchema.parse(p.rules),
  };
}

export function toUsage(u: PromotionUsageRow, p: Pick<PromotionRow, 'texts'>, language: Language): PromotionUsage {
  return {
    id: u.id,
    promotionId: u.promotionId,
    promotionName: (p.texts[language] ?? p.texts.lo).name,
    providerId: u.providerId as PromotionUsage['providerId'],
    status: u.status,
    depositCredit: thb(u.depositCredit),
    bonus: thb(u.bonus),
    turnoverRequired: thb(u.turnoverRequired),
    turnover: thb(u.turnover),
    clawedBack: thb(u.clawedBack),
    createdAt: u.createdAt.toISOString(),
    usedAt: u.usedAt?.toISOString() ?? null,
    expiresAt: u.status === 'ACTIVE' ? u.expiresAt.toISOString() : null,
    closedAt: u.closedAt?.toISOString() ?? null,
  };
}

export function toBackofficePromotion(p: PromotionRow): BackofficePromotion {
  return {
    id: p.id,
    code: p.code,
    texts: p.texts,
    providers: p.providers as Promotion['providers'],
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    maxUses: p.maxUses,
    maxUsesPerPlayer: p.maxUsesPerPlayer,
    rules: promotionRulesSchema.parse(p.rules),
    imageUrl: imageUrlOf(p),
    isActive: p.isActive,
    uses: p.uses,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
