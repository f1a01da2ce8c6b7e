import { describe, expect, it } from 'vitest';
import { PROMOTION_MESSAGES, PROMOTION_USAGE_STATUSES } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { textsIn } from '@/lib/locale-file';
import { leaves } from '@/test/translation-tree';
import { RULE_LINE_KEYS } from './rule-lines';
import promotion from '../../../locales/promotion.json';

const file = (lng: string) => textsIn(promotion, lng);

// every language has lo's keys with the same placeholders: locales/translations.test.ts, over every namespace
describe('promotion translations', () => {
  const reference = leaves(file('lo'));

  it('holds the messages of SPEC.md §8 exactly as the contracts word them', () => {
    for (const lng of LANGUAGES) expect(file(lng).messages, lng).toEqual(PROMOTION_MESSAGES[lng]);
  });

  it('names every usage status and says every rule', () => {
    for (const status of PROMOTION_USAGE_STATUSES) expect(reference.has(`status.${status}`), status).toBe(true);
    for (const key of RULE_LINE_KEYS) expect(reference.has(`rules.${key}`), key).toBe(true);
  });
});
