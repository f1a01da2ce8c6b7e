import { z } from 'zod';
import { agencySettingsSchema, socialSchema } from './agency.js';
import { BANK_CODES, bankCodeSchema } from './common.js';
import { keysetResponseSchema } from './keyset.js';
import { LAO_QR_BANK_IINS, LAO_QR_MAX_CITY, LAO_QR_MAX_NAME } from './laoqr.js';
import { amountSchema, rateSchema, toMinor } from './money.js';
import { currencyRowSchema } from './wallet.js';

/**
 * Currencies and rates (finance, owner) and the agency's settings (owner) in the back office
 * (DESIGN.md §2, §3, §5a, §9; docs/decisions/056-rates-and-agency-settings.md).
 */

/** the largest rate taken: kip per baht is in the hundreds; a million is a typing slip */
export const RATE_MAX = '1000000';

/** A rate in millionths, exact (rates carry up to 6 decimals); null when it is not a rate. */
export function toMicroRate(rate: string): bigint | null {
  if (!rateSchema.safeParse(rate).success) return null;
  const [w, f = ''] = rate.split('.') as [string, string?];
  return BigInt(w) * 1_000_000n + BigInt((f ?? '').padEnd(6, '0') || '0');
}
const RATE_MAX_MICRO = toMicroRate(RATE_MAX)!;

// each check reads the rate only when it is one: zod runs every check even after the pattern failed
const positiveRate = rateSchema
  .refine((v) => (toMicroRate(v) ?? 1n) > 0n, 'rate.positive')
  .refine((v) => (toMicroRate(v) ?? 0n) <= RATE_MAX_MICRO, 'rate.too_large');

/**
 * Buy and sell of one currency. A player buys credit at the sell rate and the house buys it back at
 * the buy rate (SPEC.md §5), so buy ≤ sell: otherwise a deposit and a withdrawal would pay the player
 * out of the house for nothing.
 */
export const currencyRatesBodySchema = z.object({ buyRate: positiveRate, sellRate: positiveRate, isEnabled: z.boolean() }).refine(
  (v) => {
    const [buy, sell] = [toMicroRate(v.buyRate), toMicroRate(v.sellRate)];
    return buy === null || sell === null || buy <= sell;
  },
  { path: ['buyRate'], message: 'rate.buy_above_sell' },
);
export type CurrencyRatesBody = z.infer<typeof currencyRatesBodySchema>;

/**
 * Whether a change of buy or sell goes beyond the agency's bound (a percentage of the rate now): such
 * a change waits for a second staff user (docs/decisions/172-rate-change-guard.md).
 */
export function rateChangeBeyondBound(
  now: { buyRate: string; sellRate: string },
  next: { buyRate: string; sellRate: string },
  boundPercent: number,
): boolean {
  const beyond = (a: string, b: string) => {
    const [was, will] = [toMicroRate(a), toMicroRate(b)];
    if (was === null || will === null || was === 0n) return true;
    const change = will > was ? will - was : was - will;
    return change * 100n > was * BigInt(boundPercent);
  };
  return beyond(now.buyRate, next.buyRate) || beyond(now.sellRate, next.sellRate);
}

/** A rate change beyond the bound, waiting for a second staff user's approval. */
export const rateRequestSchema = z.object({
  id: z.uuid(),
  buyRate: z.string(),
  sellRate: z.string(),
  isEnabled: z.boolean(),
  previousBuyRate: z.string(),
  previousSellRate: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
});
export type RateRequest = z.infer<typeof rateRequestSchema>;

/** A currency as staff see it: the player's row (SPEC.md §3) with its id, last change and a change waiting. */
export const staffCurrencySchema = currencyRowSchema.extend({
  id: z.uuid(),
  updatedAt: z.string(),
  pending: rateRequestSchema.nullable(),
});
export type StaffCurrency = z.infer<typeof staffCurrencySchema>;
export const staffCurrenciesResponseSchema = z.object({
  currencies: z.array(staffCurrencySchema),
  /** a change of buy or sell beyond this percentage waits for a second staff user */
  rateChangeBoundPercent: z.number().int(),
});
export const staffCurrencyResponseSchema = z.object({ currency: staffCurrencySchema });

export const rateChangeSchema = z.object({
  id: z.string(),
  buyRate: z.string(),
  sellRate: z.string(),
  previousBuyRate: z.string(),
  previousSellRate: z.string(),
  staffUsername: z.string(),
  changedAt: z.string(),
});
export const rateHistoryResponseSchema = keysetResponseSchema(rateChangeSchema);

// --- agency settings (owner) ---
const lak = amountSchema('LAK');
const thb = amountSchema('THB');
const count = (min: number, max: number) =>
  z.number().int('settings.integer').min(min, 'settings.too_small').max(max, 'settings.too_large');

/**
 * The bounds of DESIGN.md §2 as staff may set them: each within what the rest of the system accepts
 * (a login takes names up to 64 characters, a password change at least 8 and at most 64), each pair
 * in order, the deposit threshold zero or more.
 */
export const agencySettingsBodySchema = z
  .object({
    usernameMin: count(3, 64),
    usernameMax: count(3, 64),
    passwordMin: count(8, 64),
    passwordMax: count(8, 64),
    depositMinLak: lak,
    depositMaxLak: lak,
    withdrawMinThb: thb,
    withdrawMaxThb: thb,
    depositCreditThresholdThb: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount.invalid'),
    rateChangeBoundPercent: count(1, 100),
    // risk rules (decisions 161–163): null is off
    withdrawDailyMaxCount: count(1, 1000).nullable(),
    withdrawDailyMaxThb: thb.nullable(),
    depositReviewOverLak: lak.nullable(),
    withdrawTwoApprovalsOverThb: thb.nullable(),
  })
  .superRefine((v, ctx) => {
    const order = (lo: bigint | number, hi: bigint | number, path: string) => {
      if (lo > hi) ctx.addIssue({ code: 'custom', path: [path], message: 'settings.max_below_min' });
    };
    order(v.usernameMin, v.usernameMax, 'usernameMax');
    order(v.passwordMin, v.passwordMax, 'passwordMax');
    const minor = (value: string, currency: 'LAK' | 'THB') => {
      try {
        return toMinor(value, currency);
      } catch {
        return null;
      }
    };
    const [dMin, dMax, wMin, wMax] = [
      minor(v.depositMinLak, 'LAK'),
      minor(v.depositMaxLak, 'LAK'),
      minor(v.withdrawMinThb, 'THB'),
      minor(v.withdrawMaxThb, 'THB'),
    ];
    if (dMin !== null && dMax !== null) order(dMin, dMax, 'depositMaxLak');
    if (wMin !== null && wMax !== null) order(wMin, wMax, 'withdrawMaxThb');
  }) satisfies z.ZodType<z.infer<typeof agencySettingsSchema>>;

/** A social link: empty (not shown) or an https address. */
const socialLink = z
  .string()
  .trim()
  .max(300, 'settings.link_too_long')
  .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), 'settings.link_https');
export const socialBodySchema = z.object({
  telegram: socialLink,
  whatsapp: socialLink,
  facebook: socialLink,
  twitter: socialLink,
  line: socialLink,
}) satisfies z.ZodType<z.infer<typeof socialSchema>>;

export const agencySettingsUpdateSchema = z.object({ settings: agencySettingsBodySchema, social: socialBodySchema });
export type AgencySettingsUpdate = z.infer<typeof agencySettingsUpdateSchema>;

/** Printable ASCII: what a LAO QR field may carry (EMVCo "ans"). */
const ans = (max: number, key: string) =>
  z
    .string()
    .trim()
    .min(1, `${key}_required`)
    .max(max, `${key}_too_long`)
    .regex(/^[\x20-\x7e]+$/, `${key}_ascii`);

/** One bank's LAO QR merchant settings (DESIGN.md §5a); `iin` null: the bank's published one. */
export const bankConfigBodySchema = z.object({
  iin: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'settings.qr.iin')
    .nullable(),
  merchantId: ans(60, 'settings.qr.merchant_id'),
  mcc: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'settings.qr.mcc'),
  merchantName: ans(LAO_QR_MAX_NAME, 'settings.qr.merchant_name'),
  city: ans(LAO_QR_MAX_CITY, 'settings.qr.city'),
});
export type BankConfigBody = z.infer<typeof bankConfigBodySchema>;
export const bankConfigSchema = bankConfigBodySchema.extend({
  bank: bankCodeSchema,
  /** the bank's published IIN, when it has one (KBank's must be given) */
  publishedIin: z.string().nullable(),
  updatedAt: z.string(),
});
export const bankConfigParamsSchema = z.object({ bank: z.enum(BANK_CODES) });

export const agencySettingsResponseSchema = z.object({
  name: z.string(),
  settings: agencySettingsSchema,
  social: socialSchema,
  bankConfig: z.array(bankConfigSchema),
});
export type AgencySettingsResponse = z.infer<typeof agencySettingsResponseSchema>;
export const bankConfigResponseSchema = z.object({ bankConfig: bankConfigSchema });

export const publishedIinOf = (bank: (typeof BANK_CODES)[number]) => LAO_QR_BANK_IINS[bank] ?? null;
