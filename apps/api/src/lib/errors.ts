import { ERROR_STATUS, type TErrorCode } from '@radica/contracts/errors';

/**
 * The one application error (DESIGN.md "Contracts that are fixed"): a code of the contracts' catalogue (its HTTP
 * status comes from there, packages/contracts/src/errors.ts) and a Spanish message from the catalogue. `data` carries
 * extra facts the client shows (both NITs, the existing id…).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
