import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEnvelope, ZOutboxMail } from '@radica/contracts/common';
import type { TDeps } from '../../deps.ts';

/**
 * The local mail outbox (no SMTP_URL): GET /api/dev/mail?to=EMAIL lists the messages kept for that address, newest
 * first. It holds verification and password-reset codes, so only the operator reads it (`npm run admin -- mail
 * EMAIL`, which sends the secret of DATA_DIR/operator-secret); no session and no anonymous caller ever does (issue 9
 * "No unauthenticated route ever reveals a mailed code"). Not registered when mail goes through SMTP.
 */
export async function mailRoutes(app: FastifyInstance, deps: TDeps) {
  if (deps.mailer.kind !== 'outbox') return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dev/mail',
    { preHandler: app.requireOperator, config: { roles: 'operador' }, schema: { querystring: z.object({ to: z.string().min(3).max(320) }), response: { 200: ZEnvelope(z.array(ZOutboxMail)) } } },
    async (req) => ({ success: true, data: await deps.mailer.listOutbox(req.query.to) }),
  );
}
