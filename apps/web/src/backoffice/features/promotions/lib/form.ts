import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LANGUAGES,
  promotionInputSchema,
  type BackofficePromotion,
  type Language,
  type PromotionInput,
  type ProviderId,
} from '@app/contracts';

type Text = { name: string; summary: string; terms: string };

/**
 * The form as staff type it: every field a string or a box, named by the contracts' path
 * (`rules.bonus.amount`, `texts.cn.name`), so the schema's and the server's field errors land on
 * the field that caused them. `toInput` makes the API's body of it; an empty optional field is absent.
 */
export interface PromotionFormValues {
  code: string;
  texts: Record<Language, Text>;
  providers: ProviderId[];
  /** datetime-local, the staff's own clock */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerPlayer: string;
  rules: {
    firstOrderOnly: boolean;
    requiresBankAccount: boolean;
    depositAmount: string;
    bonus: { kind: '' | 'FIXED' | 'PERCENT'; amount: string; percent: string; maxAmount: string };
    maxCreditBeforeDeposit: string;
    targetCredit: string;
    turnoverMultiple: string;
    withdrawAll: boolean;
    receivableCapPercent: string;
    deductBonusOnWithdraw: boolean;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as the value of a datetime-local input, in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const emptyText = (): Text => ({ name: '', summary: '', terms: '' });

/** The form's values for a new promotion (starting now, bank account required: the contracts' default) or an existing one. */
export function formValuesOf(p: BackofficePromotion | null, now = new Date()): PromotionFormValues {
  const r = p?.rules;
  const bonus = r?.bonus;
  const texts = Object.fromEntries(
    LANGUAGES.map((l) => {
      const text = p?.texts[l];
      return [l, text ? { name: text.name, summary: text.summary, terms: text.terms } : emptyText()];
    }),
  ) as Record<Language, Text>;
  return {
    code: p?.code ?? '',
    texts,
    providers: p ? [...p.providers] : [],
    startsAt: toLocalInput(p?.startsAt ?? now.toISOString()),
    endsAt: toLocalInput(p?.endsAt ?? null),
    maxUses: p?.maxUses == null ? '' : String(p.maxUses),
    maxUsesPerPlayer: p?.maxUsesPerPlayer == null ? '' : String(p.maxUsesPerPlayer),
    rules: {
      firstOrderOnly: r?.firstOrderOnly ?? false,
      requiresBankAccount: r?.requiresBankAccount ?? true,
      depositAmount: r?.depositAmount ?? '',
      bonus: {
        kind: bonus?.kind ?? '',
        amount: bonus?.kind === 'FIXED' ? bonus.amount : '',
        percent: bonus?.kind === 'PERCENT' ? bonus.percent : '',
        maxAmount: bonus?.kind === 'PERCENT' ? bonus.maxAmount : '',
      },
      maxCreditBeforeDeposit: r?.maxCreditBeforeDeposit ?? '',
      targetCredit: r?.targetCredit ?? '',
      turnoverMultiple: r?.turnoverMultiple === undefined ? '' : String(r.turnoverMultiple),
      withdrawAll: r?.withdrawAll ?? false,
      receivableCapPercent: r?.receivableCapPercent ?? '',
      deductBonusOnWithdraw: r?.deductBonusOnWithdraw ?? false,
    },
  };
}

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
/** A count typed as digits is a number; anything else stays text so the schema names the field. */
const count = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v.trim()) : v);
const multiple = (v: string) => (v.trim() === '' ? undefined : /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v);
const instant = (v: string) => {
  const d = new Date(v);
  return v === '' || Number.isNaN(d.getTime()) ? v : d.toISOString();
};

/** The API's body (not yet checked: the schema does that) from what staff typed. */
export function toInput(v: PromotionFormValues): unknown {
  const texts: Record<string, Text> = { lo: v.texts.lo };
  for (const l of LANGUAGES) {
    const t = v.texts[l];
    if (l !== 'lo' && (t.name.trim() || t.summary.trim() || t.terms.trim())) texts[l] = t;
  }
  const b = v.rules.bonus;
  const bonus =
    b.kind === 'FIXED'
      ? { kind: 'FIXED', amount: b.amount }
      : b.kind === 'PERCENT'
        ? { kind: 'PERCENT', percent: b.percent, maxAmount: b.maxAmount }
        : undefined;
  const r = v.rules;
  return {
    code: v.code.trim().toUpperCase(),
    texts,
    providers: v.providers,
    startsAt: instant(v.startsAt),
    endsAt: v.endsAt === '' ? null : instant(v.endsAt),
    maxUses: count(v.maxUses),
    maxUsesPerPlayer: count(v.maxUsesPerPlayer),
    rules: {
      ...(r.firstOrderOnly ? { firstOrderOnly: true } : {}),
      requiresBankAccount: r.requiresBankAccount,
      depositAmount: optional(r.depositAmount),
      bonus,
      maxCreditBeforeDeposit: optional(r.maxCreditBeforeDeposit),
      targetCredit: optional(r.targetCredit),
      turnoverMultiple: multiple(r.turnoverMultiple),
      ...(r.withdrawAll ? { withdrawAll: true } : {}),
      receivableCapPercent: optional(r.receivableCapPercent),
      ...(r.deductBonusOnWithdraw ? { deductBonusOnWithdraw: true } : {}),
    },
  };
}

const schemaResolver = zodResolver(promotionInputSchema);
/** react-hook-form's resolver: the contracts' schema, run on the body the form would send. */
export const promotionResolver: Resolver<PromotionFormValues, unknown, PromotionInput> = (values, context, options) =>
  schemaResolver(toInput(values) as never, context, options as never) as never;

/**
 * The translation key of a field's error: the server's own key when it names a case of its own (a
 * code already taken), else what that field accepts (`field.<name>`): a schema message such as
 * "Too small" says nothing staff can act on.
 */
export function fieldErrorKey(path: string, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  if (message === 'promotion.validation.code_taken') return 'field.code_taken';
  const name = path
    .replace(/^texts\.[a-z]+\./, '')
    .replace(/^rules\./, '')
    .replaceAll('.', '_');
  return `field.${name}`;
}

/** The first language whose texts have an error (to show its tab). */
export function languageWithError(errors: FieldErrors<PromotionFormValues>): Language | null {
  return LANGUAGES.find((l) => errors.texts?.[l]) ?? null;
}
