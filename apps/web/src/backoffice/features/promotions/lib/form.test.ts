import { describe, expect, it } from 'vitest';
import { PROMOTION_RULE_NAMES, promotionInputSchema, type BackofficePromotion } from '@app/contracts';
import { RULE_FIELDS, fieldErrorKey, formValuesOf, toInput, toLocalInput } from './form';

const saved: BackofficePromotion = {
  id: '11111111-1111-4111-8111-111111111111',
  code: 'SET50K',
  texts: { lo: { name: 'ຝາກ 50,000', summary: 'ສະຫຼຸບ', terms: '' }, th: { name: 'ฝาก 50,000', summary: '', terms: 'ข้อกำหนด' } },
  providers: ['gclub', 'betflix'],
  startsAt: '2026-11-01T03:00:00.000Z',
  endsAt: null,
  maxUses: 100,
  maxUsesPerPlayer: null,
  rules: {
    requiresBankAccount: false,
    depositAmount: '50000',
    bonus: { kind: 'PERCENT', percent: '12.5', maxAmount: '300.00' },
    turnoverMultiple: 2.5,
    receivableCapPercent: '500',
    withdrawAll: true,
  },
  imageUrl: null,
  isActive: true,
  uses: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the promotion form', () => {
  it('has one field for each rule of the contracts', () => {
    expect(RULE_FIELDS.map((f) => f.rule).sort()).toEqual([...PROMOTION_RULE_NAMES].sort());
  });

  it('sends a flag on, a flag whose default is on either way, and leaves other flags off', () => {
    const values = formValuesOf(null);
    expect(values.rules.requiresBankAccount).toBe(true);
    expect(values.rules.firstOrderOnly).toBe(false);
    values.rules.requiresBankAccount = false;
    values.rules.withdrawAll = true;
    const { rules } = toInput(values) as { rules: Record<string, unknown> };
    expect(rules.requiresBankAccount).toBe(false);
    expect(rules.withdrawAll).toBe(true);
    expect('firstOrderOnly' in rules && rules.firstOrderOnly !== undefined).toBe(false);
  });

  it('gives back what was saved: values of a saved promotion make the same body', () => {
    const body = promotionInputSchema.parse(toInput(formValuesOf(saved)));
    const { id: _id, imageUrl: _i, isActive: _a, uses: _u, createdAt: _c, updatedAt: _up, ...input } = saved;
    expect(body).toEqual(promotionInputSchema.parse(input));
  });

  it('leaves out what staff left empty: optional rules, languages without text, limits', () => {
    const values = formValuesOf(null, new Date('2026-11-24T10:00:00Z'));
    values.code = ' first100 ';
    values.providers = ['gclub'];
    values.texts.lo.name = 'ຝາກຄັ້ງທຳອິດ';
    const body = promotionInputSchema.parse(toInput(values));
    expect(body).toMatchObject({ code: 'FIRST100', texts: { lo: { name: 'ຝາກຄັ້ງທຳອິດ' } }, maxUses: null, endsAt: null });
    expect(Object.keys(body.texts)).toEqual(['lo']);
    expect(body.rules).toEqual({ requiresBankAccount: true });
  });

  it('lets the schema name each wrong field by the path the form field has', () => {
    const values = formValuesOf(null);
    values.maxUses = '1.5';
    values.rules.bonus = { kind: 'FIXED', amount: '-3', percent: '', maxAmount: '' };
    values.rules.turnoverMultiple = 'x';
    values.texts.cn.summary = 'only a summary';
    const result = promotionInputSchema.safeParse(toInput(values));
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'code',
        'texts.lo.name',
        'texts.cn.name',
        'providers',
        'maxUses',
        'rules.bonus.amount',
        'rules.turnoverMultiple',
      ]),
    );
    expect(paths.map((p) => fieldErrorKey(p, 'x'))).toEqual(
      expect.arrayContaining([
        'field.code',
        'field.name',
        'field.providers',
        'field.maxUses',
        'field.bonus_amount',
        'field.turnoverMultiple',
      ]),
    );
  });

  it("says the server's own case (a code taken) rather than the field's rule", () => {
    expect(fieldErrorKey('code', 'promotion.validation.code_taken')).toBe('field.code_taken');
    expect(fieldErrorKey('code', 'promotion.validation.code')).toBe('field.code');
    expect(fieldErrorKey('code', undefined)).toBeUndefined();
  });

  it('reads an instant into the local clock and back', () => {
    const local = toLocalInput('2026-11-01T03:00:00.000Z');
    expect(new Date(local).toISOString()).toBe('2026-11-01T03:00:00.000Z');
  });
});
