import { fromMinor, type CreditMove } from '@app/contracts';
import type { CreditMoveRow } from '../../db/schema/index.js';

/** The wire form of a move. */
export function toCreditMove(m: CreditMoveRow): CreditMove {
  return {
    id: m.id,
    fromProviderId: m.fromProviderId,
    toProviderId: m.toProviderId,
    amount: fromMinor(m.amount, 'THB'),
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
