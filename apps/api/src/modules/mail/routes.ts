import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';

/**
 * The local mail outbox (no SMTP_URL): GET /api/dev/mail?to=EMAIL lists the messages kept for that address, newest
 * first. It holds verification and password-reset codes, so only the operator reads it (`npm run admin -- mail
 * EMAIL`, which sends the secret of DATA_DIR/operator-secret); no session and no anonymous caller ever does (
 * "No unauthenticated route ever reveals a mailed code"). Not registered when mail goes through SMTP.
 */
export async function mailRoutes(app: FastifyInstance, deps: TDeps) {
  if (deps.mailer.kind !== 'outbox') return;
  route(app, routes.sistema.correoLocal, async (req) => ({ success: true, data: await deps.mailer.listOutbox(req.query.to) }));
}
