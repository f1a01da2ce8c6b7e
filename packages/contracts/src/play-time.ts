import { z } from 'zod';
import { providerIdSchema } from './common.js';
import { CREDIT_CURRENCY } from './wallet.js';

/**
 * The hourly play reminder (docs/decisions/113-play-time-and-net-today.md): what the
 * product knows of the player's play today (the Vientiane day).
 */
export const PLAY_REMINDER_EVERY_MINUTES = 60;

export const playTodayResponseSchema = z.object({
  /** the first game launch of the day at any provider; null: no game opened today */
  since: z.iso.datetime({ offset: true }).nullable(),
  /**
   * credit now at the providers played today, less their credit at that day's first launch and the
   * credit moved in since, plus the credit moved out since (THB, signed); null: no game opened today
   */
  net: z.object({ amount: z.string(), currency: z.literal(CREDIT_CURRENCY) }).nullable(),
  /** the providers played today; one whose credit could not be read now is left out of `net` and listed in `unread` */
  providers: z.array(providerIdSchema),
  unread: z.array(providerIdSchema),
});
export type PlayTodayResponse = z.infer<typeof playTodayResponseSchema>;
