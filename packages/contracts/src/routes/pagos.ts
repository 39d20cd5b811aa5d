import { z } from 'zod';
import { ZChatData } from '../chat.ts';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import {
  ZBillingPrefill,
  ZBusinessContactRequest,
  ZCouponQuote,
  ZCreateSaleRequest,
  ZCreateSaleResponse,
  ZMiPlan,
  ZPaymentConfig,
  ZSale,
  ZValidateCouponRequest,
} from '../payments.ts';
import { ZWompiEvent } from '../wompi.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

/**
 * The purchase (seed 002 §7): the gateway's public configuration, coupons and sales (guests and signed-in buyers),
 * the gateway's webhook, the Business contact form, 'Mi plan'; and the chat (seed 001 §7 "Chat").
 */
export const pagos = {
  configuracion: ruta({ method: 'GET', path: '/api/payment/config', roles: 'publico', response: ZEnvelope(ZPaymentConfig) }),
  validarCupon: ruta({ method: 'POST', path: '/api/payment/validate-coupon', roles: ACCESO.lectura, anonimo: true, body: ZValidateCouponRequest, response: ZEnvelope(ZCouponQuote) }),
  crearVenta: ruta({ method: 'POST', path: '/api/payment/create-sale', roles: ACCESO.administracion, anonimo: true, body: ZCreateSaleRequest, response: ZCreateSaleResponse }),
  venta: ruta({ method: 'GET', path: '/api/payment/sales/:reference', roles: 'publico', params: z.object({ reference: z.string().min(8).max(80) }), response: ZEnvelope(ZSale) }),
  webhook: ruta({ method: 'POST', path: '/api/payment/webhook', roles: 'publico', body: ZWompiEvent, response: ZMessageEnvelope }),
  miPlan: ruta({ method: 'GET', path: '/api/payment/mi-plan', roles: ACCESO.administracion, response: ZEnvelope(ZMiPlan) }),
  datosFacturacion: ruta({ method: 'GET', path: '/api/payment/datos-facturacion', roles: ACCESO.administracion, response: ZEnvelope(ZBillingPrefill) }),
  contactoEmpresarial: ruta({ method: 'POST', path: '/api/payment/business-contact', roles: 'publico', body: ZBusinessContactRequest, response: ZMessageEnvelope }),
  /** JSON ZChatRequest (chat.ts), or multipart with the same fields and attachments `file0..n`. */
  chat: ruta({ method: 'POST', path: '/api/chat', roles: ACCESO.lectura, anonimo: true, cuerpo: 'json-o-multipart', response: ZEnvelope(ZChatData) }),
};
