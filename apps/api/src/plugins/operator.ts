import { createHash, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TConfig } from '../config.ts';
import { loadOrCreateSecretFile } from '../lib/secrets.ts';
import { AppError } from '../lib/errors.ts';

/** File name of the operator secret under DATA_DIR (generated at first start, mode 0600). */
export const OPERATOR_SECRET_FILE = 'operator-secret';

/** Header carrying the operator secret of `npm run admin`. */
export const OPERATOR_HEADER = 'x-radica-operator';

/** Path of the operator secret of a data directory. */
export const operatorSecretPath = (dataDir: string) => join(dataDir, OPERATOR_SECRET_FILE);

/** Load (or create) the operator secret; returns its text form (base64), which the CLI sends as-is. */
export function loadOperatorSecret(dataDir: string): string {
  return loadOrCreateSecretFile(operatorSecretPath(dataDir), 32).toString('base64');
}

/** Constant-time comparison of a presented secret with the expected one (both hashed to equal length first). */
export function isOperatorSecret(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of the operator's calls (`npm run admin`): the secret of DATA_DIR/operator-secret, never a session. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** Whether `presented` is the operator secret (constant time). */
    isOperatorSecret: (presented: string | undefined) => boolean;
  }
}

/**
 * Operator authentication ():
 * calls made by `npm run admin` carry the secret in `x-radica-operator`: OPERATOR_SECRET when set (the same on every
 * process), else the content of DATA_DIR/operator-secret, created at the server's first start. A missing or wrong
 * secret answers 401 'Operador no autorizado'.
 */
export function registerOperatorAuth(app: FastifyInstance, config: Pick<TConfig, 'dataDir' | 'operatorSecret'>) {
  const secret = config.operatorSecret ?? loadOperatorSecret(config.dataDir);
  app.decorate('isOperatorSecret', (presented: string | undefined) => isOperatorSecret(presented, secret));
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const presented = request.headers[OPERATOR_HEADER];
    if (!isOperatorSecret(typeof presented === 'string' ? presented : undefined, secret))
      throw new AppError('OPERATOR_UNAUTHORIZED', MSG_MINISTERIO.operadorNoAutorizado);
  });
}
