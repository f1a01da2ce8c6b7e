import { describe, expect, it } from 'vitest';
import { addBankAccountBodySchema, addBankAccountFormSchema, checkBankAccount, launchGameBodySchema } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { textsIn } from '@/lib/locale-file';
import { leaves } from '@/test/translation-tree';
import wallet from '../../locales/wallet.json';
import errors from '../../locales/errors.json';

const load = (lng: string) => textsIn(wallet, lng);

/** SPEC.md §8's "contact staff", as errors.json words it in ACCOUNT_IN_USED. */
const CONTACT_STAFF = { lo: 'ກະລຸນາຕິດຕໍ່ພະນັກງານ', cn: '请联系工作人员', vn: 'vui lòng liên hệ nhân viên', th: 'กรุณาติดต่อพนักงาน' };

/** Every message key the contracts' bank-account and game rules can put on a field. */
function messageKeys(): Set<string> {
  const keys = new Set<string>(['bank.validation.account_in_use']);
  const add = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.forEach((i) => keys.add(i.message));
  add(addBankAccountBodySchema.safeParse({}));
  add(addBankAccountBodySchema.safeParse({ bank: 'bcel', accountNumber: '1', accountName: 'x'.repeat(101), currency: 'LAK', owner: true }));
  add(
    addBankAccountFormSchema.safeParse({ bank: 'bcel', accountNumber: '0101200012345', accountName: 'A', currency: 'LAK', owner: false }),
  );
  add(launchGameBodySchema.safeParse({}));
  for (const [accountNumber, currency] of [
    ['1', 'THB'],
    ['12a', 'LAK'],
    ['02055551234', 'LAK'],
    ['123', 'LAK'],
  ] as const) {
    const problem = checkBankAccount({ bank: 'bcel', accountNumber, currency });
    if (problem) keys.add(problem.message);
  }
  keys.add('game.validation.game_not_found');
  return keys;
}

// every language has lo's keys with the same placeholders: locales/translations.test.ts, over every namespace
describe('wallet translations', () => {
  const reference = leaves(load('lo'));

  it('translate every message key the bank-account and game rules produce', () => {
    const keys = messageKeys();
    expect(keys.size).toBeGreaterThanOrEqual(12);
    expect([...keys].filter((k) => !reference.has(k))).toEqual([]);
  });

  it('say "contact staff" with an account already used in the system (SPEC.md §8), at the field as in the toast', () => {
    for (const lng of LANGUAGES) {
      expect(leaves(load(lng)).get('bank.validation.account_in_use'), lng).toContain(CONTACT_STAFF[lng]);
      expect(errors.ACCOUNT_IN_USED[lng], lng).toContain(CONTACT_STAFF[lng]);
    }
  });
});
