import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@radica/contracts/messages';

/** Hashed build output (`/assets/index-CAhjFcOz.js`): its name changes with its content, so it never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the SPA fallback, /theme-init.js): revalidate on every use. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the built web app from `webDist` when it has an index.html (`npm run build`): its files, and index.html
 * for any other GET outside /api/ and /_sim/ that does not name a file, so the SPA's own routes (/ministerio/12)
 * load on a reload. The build's `.br`/`.gz` siblings are sent with Content-Encoding when Accept-Encoding allows
 * (brotli first), with `Vary: Accept-Encoding`; files under /assets/ are cached for a year as immutable, the rest
 * is `no-cache`. Everything else unknown answers 404 NOT_FOUND with the seed's text. Without a build
 * only the API answers (development runs Vite's server).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const root = resolve(webDist);
  const hasWeb = existsSync(join(root, 'index.html'));
  const assets = join(root, 'assets') + sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const isHashed = path.startsWith(assets) && !relative(assets, path).includes(sep);
        reply.header('cache-control', isHashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (
      hasWeb &&
      req.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/_sim/') &&
      !/\.[a-z0-9]+$/i.test(path)
    ) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MSG.http404, code: 'NOT_FOUND' });
  });
}
