import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@radica/contracts/messages';

/**
 * Serves the built web app from `webDist` when it has an index.html (`npm run build`): its files as they are,
 * and index.html for any other GET outside /api/ and /_sim/ that does not name a file, so the SPA's own routes
 * (/ministerio/12) load on a reload. Everything else unknown answers 404 NOT_FOUND with the seed's text. Without
 * a build only the API answers (development runs Vite's server).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const root = resolve(webDist);
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (hasWeb && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/_sim/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MSG.http404, code: 'NOT_FOUND' });
  });
}
