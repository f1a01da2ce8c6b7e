import { AppError } from '../../../errors.js';

/** One answer for an unknown name, a wrong password and an inactive account (DESIGN.md §10). */
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'username or password incorrect');
