/**
 * The one application error (DESIGN.md "Contracts that are fixed"): a stable code, an HTTP status and a
 * Spanish message from the catalogue. `data` carries extra facts the client shows (both NITs, the existing id…).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
