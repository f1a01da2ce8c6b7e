import { ERROR_STATUS, type ErrorCode } from '@app/contracts';

/** A domain error: a stable code from the contracts, mapped to HTTP by ERROR_STATUS. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly statusCode: number;
  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? code);
    this.code = code;
    this.fields = fields;
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'not found') => new AppError('NOT_FOUND', what);
