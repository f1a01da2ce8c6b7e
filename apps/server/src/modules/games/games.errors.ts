import { AppError } from '../../errors.js';

export const noSuchGame = (gameId: string, provider: string) =>
  new AppError('GAME_NOT_FOUND', `no game ${gameId} at ${provider}`, { gameId: 'game.validation.game_not_found' });

/** SPEC.md §8 'cannot open game, please deposit' */
export const noCredit = () => new AppError('GAME_NO_CREDIT', 'cannot open game, please deposit');
