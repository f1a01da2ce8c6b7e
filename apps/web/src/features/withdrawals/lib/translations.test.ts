import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_STATUSES, createWithdrawalBodySchema } from '@app/contracts';
import { textsIn } from '@/lib/locale-file';
import { leaves } from '@/test/translation-tree';
import withdraw from '../../../locales/withdraw.json';

// every language has lo's keys with the same placeholders: locales/translations.test.ts, over every namespace
describe('withdraw translations', () => {
  const reference = leaves(textsIn(withdraw, 'lo'));

  it("titles every status and translates every message key of the form's schema", () => {
    for (const status of WITHDRAWAL_STATUSES) expect(reference.has(`details.title_${status}`), status).toBe(true);
    const bad = [{}, { providerId: '', amount: '' }, { providerId: 'gclub', amount: '1.234' }];
    for (const body of bad) {
      const result = createWithdrawalBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        expect(reference.has(`validation.${issue.message.split('.').pop()}`), issue.message).toBe(true);
      }
    }
  });
});
