import type { FastifyInstance } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../lib/errors.ts';

/** A NUL character, raw or as a JSON escape: PostgreSQL text cannot hold it, so no request may carry one. */
const NUL = String.fromCharCode(0);
const hasNulInJson = (text: string) => text.includes(NUL) || text.includes('\\u0000');
const hasNulInUrl = (url: string) => url.includes(NUL) || url.includes('%00');

/**
 * Input the database cannot store is a client mistake, answered 400 with a Spanish message before any handler runs
 *: a NUL character in the URL or anywhere in a JSON body (PostgreSQL text
 * refuses it, which used to end in a 500). JSON bodies are parsed by Fastify's own parser (prototype-poisoning
 * protection kept); multipart fields are checked where they are read (documents routes).
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (hasNulInUrl(request.url)) throw new AppError('NUL_CHARACTER', MSG.nulCharacter);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (hasNulInJson(body as string)) return done(new AppError('NUL_CHARACTER', MSG.nulCharacter), undefined);
    return parseJson(request, body as string, done);
  });
}

/** True when `value` contains a NUL character (multipart field values, file names). */
export const hasNul = (value: string) => value.includes(NUL);
