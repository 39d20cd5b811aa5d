/**
 * Why a call to the ministry gave no answer to use (the Cargar* answers themselves are classified, not thrown:
 * classify.ts):
 * - LOGIN_REJECTED: the ministry refused the validator credentials;
 * - UNAVAILABLE: no usable answer (a login or a CUV query met a time-out, a 5xx, the local API's error text…).
 */
export type TMuvErrorKind = 'LOGIN_REJECTED' | 'UNAVAILABLE';

export class MuvError extends Error {
  constructor(
    readonly kind: TMuvErrorKind,
    message: string,
  ) {
    super(message);
  }
}
