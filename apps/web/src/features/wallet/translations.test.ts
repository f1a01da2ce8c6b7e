import { describe, expect, it } from 'vitest';
import { addBankAccountBodySchema, addBankAccountFormSchema, checkBankAccount, launchGameBodySchema } from '@app/contracts';
import { leaves, type Tree } from '@/test/translation-tree';

const files = import.meta.glob<Tree>('../../locales/*/wallet.json', { eager: true, import: 'default' });
const load = (lng: string) => files[`../../locales/${lng}/wallet.json`]!;

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
});
