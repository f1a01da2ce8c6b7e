import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LANGUAGES,
  PROMOTION_RULES,
  PROMOTION_RULE_NAMES,
  promotionInputSchema,
  type BackofficePromotion,
  type Language,
  type PromotionInput,
  type PromotionRuleName,
  type PromotionRules,
  type ProviderId,
} from '@app/contracts';
import { flagDefault, type RuleKindOf } from '@app/contracts/promotion-rules';

type Text = { name: string; summary: string; terms: string };
type BonusValues = { kind: '' | 'FIXED' | 'PERCENT'; amount: string; percent: string; maxAmount: string };
/** A rule as staff set it, by its kind: a box for a flag, the bonus's own fields, else what they type. */
type RuleValue<N extends PromotionRuleName> = RuleKindOf<N> extends 'flag' ? boolean : RuleKindOf<N> extends 'bonus' ? BonusValues : string;

export type RuleSection = 'who' | 'deposit_and_bonus' | 'withdrawal';
/**
 * The rule fields of the form, section by section in the form's order: each rule of the contracts
 * (its kind there says the input: a box for a flag, digits for LAK, decimals for the rest) under its
 * label `form.<label>`, with the hint `form.<label>_hint`; its error is `field.<rule>`.
 */
export const RULE_FIELDS: readonly { rule: PromotionRuleName; section: RuleSection; label: string }[] = [
  { rule: 'firstOrderOnly', section: 'who', label: 'first_order_only' },
  { rule: 'requiresBankAccount', section: 'who', label: 'requires_bank_account' },
  { rule: 'depositAmount', section: 'deposit_and_bonus', label: 'deposit_amount' },
  { rule: 'maxCreditBeforeDeposit', section: 'deposit_and_bonus', label: 'max_credit_before_deposit' },
  { rule: 'bonus', section: 'deposit_and_bonus', label: 'bonus_kind' },
  { rule: 'targetCredit', section: 'withdrawal', label: 'target_credit' },
  { rule: 'turnoverMultiple', section: 'withdrawal', label: 'turnover_multiple' },
  { rule: 'receivableCapPercent', section: 'withdrawal', label: 'receivable_cap' },
  { rule: 'withdrawAll', section: 'withdrawal', label: 'withdraw_all' },
  { rule: 'deductBonusOnWithdraw', section: 'withdrawal', label: 'deduct_bonus' },
];

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
  rules: { [N in PromotionRuleName]: RuleValue<N> };
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
    rules: Object.fromEntries(PROMOTION_RULE_NAMES.map((name) => [name, ruleValueOf(name, p?.rules)])) as PromotionFormValues['rules'],
  };
}

/** A rule's field as a saved promotion has it, or its default: empty, a flag off but where the contracts say otherwise. */
function ruleValueOf(name: PromotionRuleName, rules: PromotionRules | undefined): boolean | string | BonusValues {
  const value = rules?.[name];
  switch (PROMOTION_RULES[name].kind) {
    case 'flag':
      return (value as boolean | undefined) ?? flagDefault(name);
    case 'bonus': {
      const bonus = value as PromotionRules['bonus'];
      return {
        kind: bonus?.kind ?? '',
        amount: bonus?.kind === 'FIXED' ? bonus.amount : '',
        percent: bonus?.kind === 'PERCENT' ? bonus.percent : '',
        maxAmount: bonus?.kind === 'PERCENT' ? bonus.maxAmount : '',
      };
    }
    default:
      return value === undefined ? '' : String(value as string | number);
  }
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
  return {
    code: v.code.trim().toUpperCase(),
    texts,
    providers: v.providers,
    startsAt: instant(v.startsAt),
    endsAt: v.endsAt === '' ? null : instant(v.endsAt),
    maxUses: count(v.maxUses),
    maxUsesPerPlayer: count(v.maxUsesPerPlayer),
    rules: Object.fromEntries(PROMOTION_RULE_NAMES.map((name) => [name, ruleInput(name, v.rules[name])])),
  };
}

/** A rule's part of the body: an empty field absent, a flag only when on (or when its default is on: it is said either way). */
function ruleInput(name: PromotionRuleName, value: boolean | string | BonusValues): unknown {
  switch (PROMOTION_RULES[name].kind) {
    case 'flag':
      return value || flagDefault(name) ? value : undefined;
    case 'bonus': {
      const b = value as BonusValues;
      if (b.kind === 'FIXED') return { kind: 'FIXED', amount: b.amount };
      return b.kind === 'PERCENT' ? { kind: 'PERCENT', percent: b.percent, maxAmount: b.maxAmount } : undefined;
    }
    case 'multiple':
      return multiple(value as string);
    default:
      return optional(value as string);
  }
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
