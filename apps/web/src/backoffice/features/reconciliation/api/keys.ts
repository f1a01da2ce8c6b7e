/** Query keys of the bank reconciliation; an action reads everything under `all` again. */
export const reconciliationKeys = { all: ['backoffice', 'reconciliation'] as const };

/** asked again this often, as the deposits needing attention are */
export const RECONCILIATION_REFRESH_MS = 15_000;
