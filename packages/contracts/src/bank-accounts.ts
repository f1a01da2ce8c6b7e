import { z } from 'zod';
import { bankCodeSchema } from './common.js';

export const bankAccountSchema = z.object({
  id: z.string(),
  bank: bankCodeSchema,
  accountNumber: z.string(),
  accountName: z.string(),
  currency: z.literal('LAK'),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
