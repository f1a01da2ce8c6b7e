// The banks' codes with no zod: the site's bank marks (in the first bundle) list them from here
// (imported as `@app/contracts/banks`).

/** The six banks of SPEC.md §3, in the order the site lists them. */
export const BANK_CODES = ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'] as const;
export type BankCode = (typeof BANK_CODES)[number];
