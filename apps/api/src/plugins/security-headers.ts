import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers (@fastify/helmet) with the SPA's Content-Security-Policy, and `Cache-Control: no-store` on
 * every /api/ answer that sets no cache policy of its own: they carry sessions, codes, invoices and patients'
 * data, so no browser or proxy keeps a copy. Google Identity Services is allowed in the CSP only when
 * Google sign-in is configured (`googleClientId`), as its guide lists (and the payment gateway's origin when one is set):
 * https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { googleClientId: string | null | undefined; paymentGatewayUrl?: string | null },
) {
  const gsi = options.googleClientId ? ['https://accounts.google.com/gsi/'] : [];
  // The browser tokenizes cards with the payment gateway itself: its origin may be called.
  const gateway = options.paymentGatewayUrl ? [new URL(options.paymentGatewayUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', ...(gsi.length ? ['https://*.googleusercontent.com'] : [])],
        'connect-src': ["'self'", ...gsi, ...gateway],
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
