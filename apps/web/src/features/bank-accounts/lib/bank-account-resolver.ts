import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addBankAccountFormSchema, type AddBankAccountForm } from '@app/contracts';

/**
 * The bank account form's resolver: the same per-bank rules the server applies. Loaded by the form on
 * first use (lib/lazy-resolver.ts): zod and the schemas stay out of the bank page's first paint, as on
 * the deposit and withdraw pages (docs/decisions/076, 180).
 */
export const bankAccountResolver: Resolver<AddBankAccountForm> = zodResolver(addBankAccountFormSchema);
