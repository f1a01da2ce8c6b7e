import { onDemand } from '@/lib/on-demand';

/**
 * The form to add the bank account (react-hook-form, the select, the resolver): a chunk the bank page asks
 * for only when the player has no account yet. Most visits find the account, and show its card alone.
 */
export const bankAccountFormChunk = onDemand(() => import('../components/bank-account-form'));
