/**
 * Why a call to the ministry failed:
 * - LOGIN_REJECTED: the validator credentials were refused;
 * - UNAVAILABLE: the ministry answered no verdict (5xx, refused connection): it did not take the package;
 * - UNCERTAIN: a request went out and no answer came back in time (timeout, connection cut mid-call), and no later
 *   attempt answered: the ministry may hold the package (issue 9 "A slow ministry is not a wrong status");
 * - PROTOCOL: an answer that is not the ministry's JSON.
 */
export type TMuvErrorKind = 'LOGIN_REJECTED' | 'UNAVAILABLE' | 'UNCERTAIN' | 'PROTOCOL';

export class MuvError extends Error {
  constructor(
    readonly kind: TMuvErrorKind,
    message: string,
  ) {
    super(message);
  }
}
