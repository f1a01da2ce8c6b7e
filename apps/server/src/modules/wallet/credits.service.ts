import type { FastifyInstance } from 'fastify';
import { CREDIT_CURRENCY, fromMinor, type CreditResponse } from '@app/contracts';
import type { PlayerSession } from '../../plugins/session.js';
import { adapterOf, providerPlayer, readFromProvider } from './provider-call.js';

/** The player's credit at a provider in THB minor units, asked live; 0 without an account there. */
export async function creditMinorAt(app: FastifyInstance, session: PlayerSession, provider: string): Promise<bigint> {
  const adapter = adapterOf(app, provider);
  const balance = await readFromProvider(adapter, () => adapter.balance(providerPlayer(session)));
  return balance ?? 0n;
}

export async function creditAt(app: FastifyInstance, session: PlayerSession, provider: string): Promise<CreditResponse> {
  const minor = await creditMinorAt(app, session, provider);
  return { credit: { amount: fromMinor(minor, CREDIT_CURRENCY), currency: CREDIT_CURRENCY } };
}
