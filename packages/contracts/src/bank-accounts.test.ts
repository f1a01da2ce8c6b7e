import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_LENGTHS,
  addBankAccountBodySchema,
  addBankAccountFormSchema,
  checkBankAccount,
  isMobileWalletNumber,
  normalizeAccountNumber,
} from './bank-accounts.js';
import { BANK_CODES } from './common.js';

const ok = { bank: 'bcel' as const, accountNumber: '0101 2000 1234 5', currency: 'LAK' };

describe('normalizeAccountNumber', () => {
  it('drops spaces, dashes and dots only', () => {
    expect(normalizeAccountNumber(' 010-120.00 1234 ')).toBe('010120001234');
    expect(normalizeAccountNumber('+856 20-5555')).toBe('856205555');
    expect(normalizeAccountNumber('01a2')).toBe('01a2');
  });
});

describe('isMobileWalletNumber', () => {
  it.each(['02055551234', '2055551234', '8562055551234', '0301234567', '301234567', '856301234567'])(
    'treats %s as a Lao mobile number',
    (n) => expect(isMobileWalletNumber(n)).toBe(true),
  );
  it.each(['0205555123', '020555512345', '0401234567', '0101200012345'])('does not treat %s as one', (n) =>
    expect(isMobileWalletNumber(n)).toBe(false),
  );
});

describe('checkBankAccount', () => {
  it('accepts a number of a length the bank issues, in any grouping', () => {
    expect(checkBankAccount(ok)).toBeNull();
    expect(checkBankAccount({ ...ok, accountNumber: '010-12-00-12345678-001' })).toBeNull();
  });
  it('accepts every listed length of every bank', () => {
    for (const bank of BANK_CODES) {
      for (const len of BANK_ACCOUNT_LENGTHS[bank]) {
        const n = ('1' + '4739162850'.repeat(2)).slice(0, len);
        expect(checkBankAccount({ bank, accountNumber: n, currency: 'LAK' }), `${bank} ${len}`).toBeNull();
      }
    }
  });
  it('refuses another currency first', () => {
    expect(checkBankAccount({ ...ok, currency: 'THB' })).toMatchObject({ code: 'BANK_ACCOUNT_CURRENCY_NOT_ALLOWED', field: 'currency' });
  });
  it('refuses letters', () => {
    expect(checkBankAccount({ ...ok, accountNumber: '0101A00012345' })).toMatchObject({
      code: 'BANK_ACCOUNT_INVALID',
      field: 'accountNumber',
    });
  });
  it('refuses a mobile-wallet number with its own code', () => {
    expect(checkBankAccount({ ...ok, bank: 'kasikam', accountNumber: '020 5555 1234' })).toMatchObject({
      code: 'BANK_ACCOUNT_WALLET_NOT_ALLOWED',
    });
  });
  it('refuses a length the bank does not issue', () => {
    expect(checkBankAccount({ ...ok, accountNumber: '01012000123456' })).toMatchObject({ code: 'BANK_ACCOUNT_INVALID' });
    expect(checkBankAccount({ ...ok, bank: 'indochina', accountNumber: '0101200012345678' })).toMatchObject({
      code: 'BANK_ACCOUNT_INVALID',
    });
  });
  it('refuses a made-up number of one repeated digit', () => {
    expect(checkBankAccount({ ...ok, accountNumber: '0000000000000' })).toMatchObject({ code: 'BANK_ACCOUNT_INVALID' });
  });
});

describe('the body and form schemas', () => {
  const body = { bank: 'jdb', accountNumber: '1234567890123', accountName: 'Somchai', currency: 'LAK', owner: true };
  it('require the owner confirmation', () => {
    const r = addBankAccountBodySchema.safeParse({ ...body, owner: false });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['owner'], message: 'bank.validation.owner_required' });
  });
  it('require a known bank and a name', () => {
    const r = addBankAccountBodySchema.safeParse({ ...body, bank: 'scb', accountName: '  ' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bank', 'bank.validation.bank_required'],
      ['accountName', 'bank.validation.account_name_required'],
    ]);
  });
  it('leave the per-bank rules to checkBankAccount on the server, and run them in the form', () => {
    const wallet = { ...body, accountNumber: '02055551234' };
    expect(addBankAccountBodySchema.safeParse(wallet).success).toBe(true);
    const r = addBankAccountFormSchema.safeParse(wallet);
    expect(r.error?.issues[0]).toMatchObject({ path: ['accountNumber'], message: 'bank.validation.wallet_not_allowed' });
  });
  it('start the form with the owner box unticked and refuse it so', () => {
    const r = addBankAccountFormSchema.safeParse({ ...body, owner: false });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['owner', 'bank.validation.owner_required']]);
  });
});
