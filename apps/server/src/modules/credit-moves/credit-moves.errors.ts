import { AppError, notFound } from '../../errors.js';

export const unknownProvider = (field: 'fromProviderId' | 'toProviderId', providerId: string) =>
  new AppError('PROVIDER_NOT_FOUND', `no provider ${providerId}`, {
    [field]: field === 'fromProviderId' ? 'move.validation.from_required' : 'move.validation.to_required',
  });

export const sameProvider = () =>
  new AppError('MOVE_SAME_PROVIDER', 'credit moves between two different providers', { toProviderId: 'move.validation.same_provider' });

/** `fields.available`: the credit at the first provider (THB) */
export const insufficientCredit = (available: string) =>
  new AppError('MOVE_INSUFFICIENT_CREDIT', `only ${available} THB there`, { available });

export const inProgress = () => new AppError('MOVE_IN_PROGRESS', 'a move of credit is already under way');

/** `fields.providerId`: the provider the player's promotion keeps them at */
export const promotionLocked = (providerId: string) =>
  new AppError('MOVE_PROMOTION_LOCKED', `a promotion in use keeps the credit at ${providerId}`, { providerId });

export const noSuchMove = () => notFound('no such move');
