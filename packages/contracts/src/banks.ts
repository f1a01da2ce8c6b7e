// The banks' codes and account rules with no zod: the site's bank marks (in the first bundle) and the
// bank account form list them from here (imported as `@app/contracts/banks`).

/** The six banks of SPEC.md §3, in the order the site lists them. */
export const BANK_CODES = ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'] as const;
export type BankCode = (typeof BANK_CODES)[number];

/**
 * The digit counts each bank's account numbers come in: the one length table
 * (docs/decisions/010-bank-account-rules.md).
 */
export const BANK_ACCOUNT_LENGTHS: Record<BankCode, readonly number[]> = {
  bcel: [13, 18],
  jdb: [13, 16],
  ldb: [13, 16, 18],
  indochina: [12, 13],
  kasikam: [10, 13],
  lvb: [13, 14, 16],
};

/** The only currency a player's bank account may hold (SPEC.md §5). */
export const BANK_ACCOUNT_CURRENCY = 'LAK';
