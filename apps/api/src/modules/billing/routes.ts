import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { PLAN_EN_LINEA } from '@radica/contracts/payments';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { quoteCouponFor } from './coupons.ts';
import { handleGatewayEvent } from './events.ts';
import { createSale, getSale, planForSale } from './sales.ts';
import { sendBusinessContact } from './contact.ts';
import { getBillingPrefill, getMiPlan } from './mi-plan.ts';

/**
 * The purchase (seed 002 §7): the gateway's public configuration, coupon quotes, create-sale (guests and
 * signed-in buyers), the sale's status, the gateway's webhook and the Business contact form; the company's plan and
 * payments ('Mi plan') and the billing form's first values. Money is decided in the
 * services; these handlers only parse, authenticate and answer.
 */
export async function billingRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.pagos;
  const scale = deps.config.rateLimitScale ?? 1;
  const porIp = (max: number, window?: string) => ({ config: perIpLimit(deps.config, max, window) });
  route(app, t.configuracion, porIp(60), async () => ({
    success: true,
    data: {
      baseUrl: deps.payments.browserBaseUrl,
      publicKey: deps.payments.keys.publicKey,
      environment: deps.payments.environment,
      plan: { id: PLAN_EN_LINEA.id, name: PLAN_EN_LINEA.name, yearlyPrice: PLAN_EN_LINEA.yearlyPrice },
    },
  }));
  // A signed-in buyer learns here that the company already used the coupon; a guest, at create-sale.
  route(app, t.validarCupon, porIp(10), async (req) => ({
    success: true,
    data: await quoteCouponFor(deps, planForSale(req.body.productoTitulo), req.body.couponCode, req.auth?.tenantId ?? null),
  }));
  // A guest buys without a session; a signed-in buyer pays for the company: administrators only (the table's roles).
  const ventasPorCorreo = keyedLimit(app, { name: 'create-sale:email', max: 10 * scale, timeWindowMs: 3_600_000, key: (req) => emailOf(req.body) });
  route(app, t.crearVenta, { ...porIp(10), preHandler: ventasPorCorreo }, async (req) =>
    createSale(deps, req.body, {
      tenantId: req.auth?.tenantId ?? null,
      userId: req.auth?.userId ?? null,
      redirectBaseUrl: deps.config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`,
    }),
  );
  route(app, t.venta, porIp(90), async (req) => ({ success: true, data: await getSale(deps, req.params.reference) }));
  route(app, t.webhook, porIp(300), async (req) => {
    const outcome = await handleGatewayEvent(deps, req.body);
    return { success: true, message: outcome };
  });
  // Configuración › Mi plan, and the billing form's first values: the company's own data, administrators only.
  route(app, t.miPlan, async (req) => ({ success: true, data: await getMiPlan(deps, authOf(req)) }));
  route(app, t.datosFacturacion, async (req) => ({ success: true, data: await getBillingPrefill(deps, authOf(req)) }));
  // The requester gets an acknowledgement: a few per address and day, so the form mails no one in bulk.
  const contactosPorCorreo = keyedLimit(app, { name: 'business-contact:email', max: 3 * scale, timeWindowMs: 86_400_000, key: (req) => contactEmailOf(req.body) });
  route(app, t.contactoEmpresarial, { ...porIp(5, '10 minutes'), preHandler: contactosPorCorreo }, async (req) => {
    await sendBusinessContact(deps, req.body);
    return { success: true, message: MSG_PAGOS.contactoEnviado };
  });
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
