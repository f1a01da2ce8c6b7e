/**
 * The answer codes of the game providers' real protocols (docs/decisions/140-provider-protocols.md),
 * read by the server's adapters and answered by the sandbox. The public clients show only that 0
 * is success; the other numbers are ours, one per case the adapters handle.
 */
export const AMB_CODES = {
  OK: 0,
  MEMBER_NOT_FOUND: 1001,
  MEMBER_EXISTS: 1002,
  INSUFFICIENT_CREDIT: 1003,
  INVALID_SIGNATURE: 1004,
  INVALID_AMOUNT: 1005,
  GAME_NOT_FOUND: 1006,
  TRANSFER_REJECTED: 1007,
  INVALID_REQUEST: 1099,
  MAINTENANCE: 9001,
} as const;

/** Betflix v4's `error_code`s. */
export const BETFLIX_CODES = {
  OK: 0,
  USER_NOT_FOUND: 1001,
  USER_EXISTS: 1002,
  INSUFFICIENT_BALANCE: 1003,
  INVALID_KEY: 1004,
  INVALID_AMOUNT: 1005,
  DUPLICATE_REF: 1006,
  GAME_NOT_FOUND: 1007,
  INVALID_REQUEST: 1099,
  MAINTENANCE: 9001,
} as const;

/** A code's name ("MEMBER_NOT_FOUND"), or `<prefix>_<code>` for one not in the table. */
export function protocolCodeName(codes: Record<string, number>, prefix: string, code: number): string {
  for (const [name, value] of Object.entries(codes)) if (value === code) return name;
  return `${prefix}_${code}`;
}
