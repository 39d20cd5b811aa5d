import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { z } from 'zod';
import { ZEnvelope, ZMessageEnvelope } from '@radica/contracts/common';
import {
  PLAN_EN_LINEA,
  ZBillingPrefill,
  ZBusinessContactRequest,
  ZCouponQuote,
  ZCreateSaleRequest,
  ZCreateSaleResponse,
  ZMiPlan,
  ZPaymentConfig,
  ZSale,
  ZValidateCouponRequest,
} from '@radica/contracts/payments';
import { ZWompiEvent } from '@radica/contracts/wompi';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TDeps } from '../../deps.ts';
import { authOf, bearerToken } from '../../plugins/auth.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { quoteCouponFor } from './coupons.ts';
import { handleGatewayEvent } from './events.ts';
import { createSale, getSale, planForSale } from './sales.ts';
import { sendBusinessContact } from './contact.ts';
import { getBillingPrefill, getMiPlan } from './mi-plan.ts';

/**
 * The purchase (seed 002 §7, issue 11): the gateway's public configuration, coupon quotes, create-sale (guests and
 * signed-in buyers), the sale's status, the gateway's webhook and the Business contact form; the company's plan and
 * payments ('Mi plan') and the billing form's first values (issue 26). Money is decided in the
 * services; these handlers only parse, authenticate and answer.
 */
export async function billingRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A signed-in buyer is authenticated as everywhere (a bad token is 401); without a token the buyer is a guest. */
  const optionalAuth = async (request: FastifyRequest) => {
    if (bearerToken(request)) await app.requireAuth(request);
  };

  r.get('/api/payment/config', { schema: { response: { 200: ZEnvelope(ZPaymentConfig) } }, config: { ...perIpLimit(deps.config, 60), roles: 'publico' } }, async () => ({
    success: true,
    data: {
      baseUrl: deps.payments.browserBaseUrl,
      publicKey: deps.payments.keys.publicKey,
      environment: deps.payments.environment,
      plan: { id: PLAN_EN_LINEA.id, name: PLAN_EN_LINEA.name, yearlyPrice: PLAN_EN_LINEA.yearlyPrice },
    },
  }));

  // A signed-in buyer learns here that the company already used the coupon (issue 26); a guest, at create-sale.
  r.post(
    '/api/payment/validate-coupon',
    {
      schema: { body: ZValidateCouponRequest, response: { 200: ZEnvelope(ZCouponQuote) } },
      config: { ...perIpLimit(deps.config, 10), roles: ACCESO.lectura, anonimo: true },
      preHandler: optionalAuth,
    },
    async (req) => ({ success: true, data: await quoteCouponFor(deps, planForSale(req.body.productoTitulo), req.body.couponCode, req.auth?.tenantId ?? null) }),
  );

  r.post(
    '/api/payment/create-sale',
    {
      schema: { body: ZCreateSaleRequest, response: { 200: ZCreateSaleResponse } },
      // A guest buys without a session; a signed-in buyer pays for the company: administrators only (issue 28).
      config: { ...perIpLimit(deps.config, 10), roles: ACCESO.administracion, anonimo: true },
      preHandler: [
        optionalAuth,
        keyedLimit(app, { name: 'create-sale:email', max: 10 * (deps.config.rateLimitScale ?? 1), timeWindowMs: 3_600_000, key: (req) => emailOf(req.body) }),
      ],
    },
    async (req) =>
      createSale(deps, req.body, {
        tenantId: req.auth?.tenantId ?? null,
        userId: req.auth?.userId ?? null,
        redirectBaseUrl: deps.config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`,
      }),
  );

  r.get(
    '/api/payment/sales/:reference',
    { schema: { params: z.object({ reference: z.string().min(8).max(80) }), response: { 200: ZEnvelope(ZSale) } }, config: { ...perIpLimit(deps.config, 90), roles: 'publico' } },
    async (req) => ({ success: true, data: await getSale(deps, req.params.reference) }),
  );

  r.post(
    '/api/payment/webhook',
    { schema: { body: ZWompiEvent, response: { 200: ZMessageEnvelope } }, config: { ...perIpLimit(deps.config, 300), roles: 'publico' } },
    async (req) => {
      const outcome = await handleGatewayEvent(deps, req.body);
      return { success: true, message: outcome };
    },
  );

  // Issue 26: Configuración › Mi plan, and the billing form's first values. The company's own data: administrators.
  r.get(
    '/api/payment/mi-plan',
    { preHandler: app.requireAuth, config: { roles: ACCESO.administracion }, schema: { response: { 200: ZEnvelope(ZMiPlan) } } },
    async (req) => ({ success: true, data: await getMiPlan(deps, authOf(req)) }),
  );

  r.get(
    '/api/payment/datos-facturacion',
    { preHandler: app.requireAuth, config: { roles: ACCESO.administracion }, schema: { response: { 200: ZEnvelope(ZBillingPrefill) } } },
    async (req) => ({ success: true, data: await getBillingPrefill(deps, authOf(req)) }),
  );

  r.post(
    '/api/payment/business-contact',
    {
      schema: { body: ZBusinessContactRequest, response: { 200: ZMessageEnvelope } },
      config: { ...perIpLimit(deps.config, 5, '10 minutes'), roles: 'publico' },
      // The requester gets an acknowledgement (issue 26): a few per address and day, so the form mails no one in bulk.
      preHandler: keyedLimit(app, { name: 'business-contact:email', max: 3 * (deps.config.rateLimitScale ?? 1), timeWindowMs: 86_400_000, key: (req) => contactEmailOf(req.body) }),
    },
    async (req) => {
      await sendBusinessContact(deps, req.body);
      return { success: true, message: MSG_PAGOS.contactoEnviado };
    },
  );
}

/** The requester's e-mail of a Business contact body (its per-address limit's key), or null before validation. */
function contactEmailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

/** The billing e-mail of a create-sale body (the per-address limit's key), or null before validation. */
function emailOf(body: unknown): string | null {
  const email = (body as { billingData?: { email?: unknown } } | null)?.billingData?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}
