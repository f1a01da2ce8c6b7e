import type { FraudSignalDecisionBody, PlayerSignalsResponse } from '@app/contracts';
import type { AuditActor } from '../../audit/audit.js';
import type { Db, Tx } from '../../db/client.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export type FraudSignalsDependencies = ServiceDependencies;

/** Whose signals: a player of an agency (every query is scoped by both). */
export interface SignalPlayer {
  agencyId: string;
  playerId: string;
}

/** The events that write signals (docs/decisions/164-fraud-signals.md); each recomputes the player's pairs of its kinds. */
export type SignalEvent = 'registered' | 'fingerprint' | 'bank_account' | 'withdrawal';

/** Fraud signals (decision 164). */
export interface FraudSignalsService {
  /**
   * After the event's commit: the player's pairs of the event's kinds, written once. A failure is
   * logged, never the event's: the player's next withdrawal writes every kind again.
   */
  recordAfter(event: SignalEvent, player: SignalPlayer, on?: Db | Tx): Promise<void>;
  /**
   * Before a first-deposit promotion is taken: the rings the player makes with players of their
   * devices who took it, written once; then whether the player is in a ring not allowed.
   */
  bonusRing(player: SignalPlayer, promotionId: string): Promise<boolean>;
  /** in a ring staff have not allowed (open or confirmed): promotions are refused */
  ringBlocked(player: SignalPlayer): Promise<boolean>;
  /** the player's signals, open first, with the other player named (404 for no player of the agency) */
  forPlayer(player: SignalPlayer): Promise<PlayerSignalsResponse>;
  /** dismiss or confirm, audited; a ring's decision is the ring's; the same decision again answers as it stands */
  decide(actor: AuditActor, signalId: string, body: FraudSignalDecisionBody): Promise<{ decided: number }>;
}
