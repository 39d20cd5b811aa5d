import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { firmaValida, recibirNotificacion, verificarWebhook } from './service.ts';

/** Largest notification body taken (Meta batches at most a few messages; a text is at most 4 096 characters). */
const NOTIFICACION_MAX_BYTES = 512 * 1024;

/**
 * The WhatsApp Cloud API's webhook, public (Meta calls it; the signature is the credential):
 * - GET /api/whatsapp/webhook: the verification handshake (`hub.mode`, `hub.verify_token`, `hub.challenge`);
 * - POST /api/whatsapp/webhook: a notification, taken only with a valid `X-Hub-Signature-256` (HMAC-SHA256 of the raw
 *   body with WHATSAPP_APP_SECRET; checked before the JSON is parsed: 401 and nothing stored otherwise), stored and
 *   answered 200 at once; each message is answered by a job.
 */
export async function whatsappRoutes(app: FastifyInstance, deps: TDeps) {
  await app.register(async (scope) => {
    // The raw bytes are what Meta signed: the signature is checked on them, then they are parsed (this scope only).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: NOTIFICACION_MAX_BYTES }, (req, raw, done) => {
      const secret = deps.whatsappEntrante?.appSecret;
      if (!secret) return done(new AppError('WHATSAPP_NO_DISPONIBLE', MSG_USUARIOS.whatsappNoDisponible), undefined);
      const header = req.headers['x-hub-signature-256'];
      if (!firmaValida(raw as Buffer, typeof header === 'string' ? header : undefined, secret)) {
        req.log.warn({ event: 'whatsapp.firma_invalida' }, 'whatsapp notification with a bad signature refused');
        return done(new AppError('WHATSAPP_FIRMA_INVALIDA', MSG_USUARIOS.whatsappFirmaInvalida), undefined);
      }
      try {
        done(null, JSON.parse((raw as Buffer).toString('utf8')));
      } catch {
        done(new AppError('VALIDATION', MSG.requestInvalid), undefined);
      }
    });
    route(scope, routes.usuarios.verificarWebhookWhatsapp, { config: perIpLimit(deps.config, 60) }, async (req, reply) => {
      const challenge = verificarWebhook(deps, { mode: req.query['hub.mode'], token: req.query['hub.verify_token'], challenge: req.query['hub.challenge'] });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    });
    route(scope, routes.usuarios.webhookWhatsapp, { config: perIpLimit(deps.config, 1200) }, async (req) => {
      if (!req.body) throw new AppError('WHATSAPP_FIRMA_INVALIDA', MSG_USUARIOS.whatsappFirmaInvalida);
      const nuevos = await recibirNotificacion(deps, req.body);
      return { success: true, message: `${nuevos}` };
    });
  });
}
