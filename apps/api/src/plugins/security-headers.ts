import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers (@fastify/helmet) with the SPA's Content-Security-Policy, and `Cache-Control: no-store` on
 * every /api/ answer that sets no cache policy of its own: they carry sessions, codes, invoices and patients'
 * data, so no browser or proxy keeps a copy (issue 9). Google Identity Services is allowed in the CSP only when
 * Google sign-in is configured (`googleClientId`), as its guide lists:
 * https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { googleClientId: string | null | undefined }) {
  const gsi = options.googleClientId ? ['https://accounts.google.com/gsi/'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', ...(gsi.length ? ['https://*.googleusercontent.com'] : [])],
        'connect-src': ["'self'", ...gsi],
        'script-src': ["'self'", ...(gsi.length ? ['https://accounts.google.com/gsi/client'] : [])],
        'frame-src': ["'self'", ...gsi],
        'style-src': ["'self'", 'https:', "'unsafe-inline'", ...gsi],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
