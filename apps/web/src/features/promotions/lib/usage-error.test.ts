import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { creditRuleBreach, usageErrorText } from './usage-error';
import { textsIn } from '@/lib/locale-file';
import errors from '../../../locales/errors.json';

async function translator(lng: 'lo' | 'vn'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { errors: textsIn(errors, lng) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('creditRuleBreach', () => {
  it('knows the refusal before the player taps: credit at or above maxCreditBeforeDeposit', () => {
    const rules = { maxCreditBeforeDeposit: '5.00' };
    expect(creditRuleBreach(rules, '5.00')).toEqual({ threshold: '5.00', credit: '5.00' });
    expect(creditRuleBreach(rules, '154.92')).toEqual({ threshold: '5.00', credit: '154.92' });
    expect(creditRuleBreach(rules, '4.99')).toBeNull();
  });

  it('says nothing while the credit is unknown or the promotion has no such rule', () => {
    expect(creditRuleBreach({ maxCreditBeforeDeposit: '5.00' }, undefined)).toBeNull();
    expect(creditRuleBreach({}, '1000.00')).toBeNull();
  });
});

describe('usageErrorText', () => {
  const refused = new ApiError(422, {
    error: { code: 'PROMOTION_CREDIT_TOO_HIGH', message: 'x', fields: { threshold: '5.00', credit: '1234.5' } },
  });

  it('names the credit rule and its numbers, never "a promotion is in use"', async () => {
    const t = await translator('vn');
    const text = usageErrorText(t, refused);
    expect(text).toContain('5.00');
    expect(text).toContain('1,234.50');
    expect(text).not.toBe(errors.PROMOTION_CREDIT_USED.vn);
    expect(usageErrorText(await translator('lo'), refused)).toContain('5.00');
  });
});
