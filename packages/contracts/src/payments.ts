import { z } from 'zod';
import { ZModulo } from './products.ts';
import { MSG_PAGOS } from './messages-pagos.ts';
import { MSG } from './messages.ts';
import { WOMPI_STATUSES } from './wompi.ts';

/**
 * The purchase: plans, billing data, coupons, sales and their calls (seed 002 §1, §3, §7). Amounts are whole COP (no
 * decimals, seed 002 §9); the gateway is told cents (COP × 100). Prices are decided by the server: the
 * web shows these constants, the API charges them.
 */

// Plans and channels live in plans.ts, free of zod, so the sales page can show them without loading zod (bench/sales-page.ts).
export { CANALES, MESES_PLAN, PLAN_EN_LINEA, PLANES } from './plans.ts';
export type { TCanal, TPlan, TPlanId } from './plans.ts';
/** Phone prefix and default country (seed 002 §9). */
export const PREFIJO_TELEFONO = '+57';
export const PAIS_POR_DEFECTO = 'Colombia';

/** PSE banks when the gateway's list cannot be read (seed 002 §3 "Bank list": hard-coded, four entries). */
export const PSE_BANCOS_RESPALDO = [
  { financial_institution_code: '1040', financial_institution_name: 'Banco Agrario' },
  { financial_institution_code: '1507', financial_institution_name: 'NEQUI' },
  { financial_institution_code: '1001', financial_institution_name: 'Banco de Bogotá' },
  { financial_institution_code: '1002', financial_institution_name: 'Banco Popular' },
] as const;

/** Card rules shared by the browser and the tests (seed 002 §5). */
export const TARJETA = { minDigits: 13, maxDigits: 19, maxChars: 19, cvcMin: 3, cvcMax: 4, titularMin: 5 } as const;

const text = (max: number) => z.string().trim().max(max);

/** Billing data (seed 002 §3), checked on the server with the seed's messages (§5). */
export const ZBillingData = z.object({
  firstName: text(80).min(1, MSG_PAGOS.nombreRequerido),
  lastName: text(80).min(1, MSG_PAGOS.apellidoRequerido),
  email: text(254).min(1, MSG.emailRequired).pipe(z.email(MSG_PAGOS.emailInvalido)),
  /** With the +57 prefix; at least one digit after it. */
  phone: text(20).refine((p) => /\d/.test(p.replace(/^\+57/, '')), MSG_PAGOS.telefonoRequerido),
  country: text(60).default(PAIS_POR_DEFECTO),
  address: text(200).min(1, MSG_PAGOS.direccionRequerida),
  city: text(100).default(''),
  region: text(100).default(''),
  zipCode: text(12).optional(),
  codPais: text(3).default('CO'),
  codDepartamento: text(2).default(''),
  codCiudad: text(5).regex(/^\d{5}$/, MSG_PAGOS.ubicacionRequerida),
});
export type TBillingData = z.infer<typeof ZBillingData>;

/** `paymentMethod` of create-sale (seed 002 §7). CARD carries the gateway's card token, never the card (deviation). */
export const ZPaymentMethod = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CARD'),
    cardData: z.object({ token: z.string().trim().min(1).max(120), installments: z.number().int().min(1).max(36).default(1) }),
  }),
  z.object({
    type: z.literal('PSE'),
    pseData: z.object({
      userType: z.enum(['0', '1']).default('0'),
      documentType: z.enum(['CC', 'CE', 'NIT', 'PP', 'TI']).default('CC'),
      documentNumber: text(20).min(1, MSG_PAGOS.documentoRequerido),
      institution: text(10).min(1, MSG_PAGOS.institucionRequerida),
    }),
  }),
  z.object({ type: z.literal('NEQUI'), nequiData: z.object({ phoneNumber: z.string().regex(/^\d{10}$/, MSG_PAGOS.telefonoNequiInvalido) }) }),
  z.object({ type: z.literal('BANCOLOMBIA_TRANSFER') }),
]);
export type TPaymentMethod = z.input<typeof ZPaymentMethod>;
export type TPaymentMethodType = TPaymentMethod['type'];

/** `discountInfo` (seed 002 §7): what the browser showed. Only `couponCode` is used; the rest must agree with the server. */
export const ZDiscountInfo = z.object({
  couponCode: text(40).min(1),
  discountAmount: z.number().int().min(0),
  originalPrice: z.number().int().min(0),
  finalPrice: z.number().int().min(0),
});

/** POST /api/payment/create-sale body (seed 002 §7, plus the gateway's acceptance tokens the buyer ticked). */
export const ZCreateSaleRequest = z.object({
  productoTitulo: text(80).min(1),
  billingData: ZBillingData,
  paymentMethod: ZPaymentMethod,
  /** `presigned_acceptance.acceptance_token` and `presigned_personal_data_auth.acceptance_token` (GET /merchants). */
  acceptanceToken: z.string().trim().min(1, MSG_PAGOS.aceptacionRequerida).max(2000),
  acceptPersonalAuth: z.string().trim().min(1, MSG_PAGOS.aceptacionRequerida).max(2000),
  discountInfo: ZDiscountInfo.optional(),
  /** The total the browser showed (COP); when present it must equal the server's price, else 409 PRICE_CHANGED. */
  expectedTotal: z.number().int().min(0).optional(),
});
export type TCreateSaleRequest = z.input<typeof ZCreateSaleRequest>;

export const SALE_STATUSES = WOMPI_STATUSES;
export const ZSaleStatus = z.enum(SALE_STATUSES);
export type TSaleStatus = z.infer<typeof ZSaleStatus>;

/** POST /api/payment/create-sale answer (seed 002 §7 "Response read"), outside `data` as the seed reads it. */
export const ZCreateSaleResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  paymentResult: z.object({
    transactionId: z.string(),
    reference: z.string(),
    /** Where the buyer completes the payment (PSE, Bancolombia), or null: then /billing/success follows the status. */
    redirectUrl: z.string().nullable(),
    status: ZSaleStatus,
  }),
  saleData: z.object({ numeroVenta: z.string(), numeroFactura: z.string().nullable(), total: z.number(), email: z.string() }),
});
export type TCreateSaleResponse = z.infer<typeof ZCreateSaleResponse>;

/** GET /api/payment/sales/:reference `data`: a sale as the success page shows it (public by its unguessable reference). */
export const ZSale = z.object({
  reference: z.string(),
  numeroVenta: z.string(),
  status: ZSaleStatus,
  statusMessage: z.string().nullable(),
  plan: z.string(),
  total: z.number(),
  currency: z.literal('COP'),
  /** 'Anual' or 'Mensual' (seed 002 §2 "Success"). */
  periodo: z.string(),
  email: z.string(),
  paymentMethodType: z.string(),
  /** The gateway's page where the buyer completes PSE/Bancolombia, once known. */
  redirectUrl: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
  /** Modules granted when APPROVED (empty until then), and until when. */
  modulos: z.array(ZModulo),
  vigenteHasta: z.string().nullable(),
});
export type TSale = z.infer<typeof ZSale>;

/** POST /api/payment/validate-coupon body and `data` (400 COUPON_INVALID 'Código de cupón inválido' otherwise). */
export const ZValidateCouponRequest = z.object({ couponCode: text(40).min(1, MSG_PAGOS.cuponInvalido), productoTitulo: text(80).min(1) });
export const ZCouponQuote = z.object({ couponCode: z.string(), originalPrice: z.number(), discountAmount: z.number(), finalPrice: z.number() });
export type TCouponQuote = z.infer<typeof ZCouponQuote>;

/** GET /api/payment/config `data`: what the browser needs to talk to the gateway itself (card tokens, merchant). */
export const ZPaymentConfig = z.object({
  /** The gateway's API base the browser calls (`…/v1`), e.g. https://sandbox.wompi.co/v1 or /_sim/wompi/v1. */
  baseUrl: z.string(),
  publicKey: z.string(),
  /** 'simulator' | 'sandbox' | 'production': the web shows the sandbox test data outside production. */
  environment: z.enum(['simulator', 'sandbox', 'production']),
  plan: z.object({ id: z.string(), name: z.string(), yearlyPrice: z.number() }),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** POST /api/payment/business-contact: the Business plan's contact form, delivered to the sales mailbox. */
export const ZBusinessContactRequest = z.object({
  nombre: text(120).min(1, MSG_PAGOS.contactoNombreRequerido),
  email: text(254).min(1, MSG.emailRequired).pipe(z.email(MSG_PAGOS.emailInvalido)),
  telefono: text(30).default(''),
  empresa: text(160).default(''),
  mensaje: text(2000).min(1, MSG_PAGOS.contactoMensajeRequerido),
});
export type TBusinessContactRequest = z.input<typeof ZBusinessContactRequest>;

/** The plan chosen in the browser session (seed 002 §3 "Selected plan"); parsed when read back from sessionStorage. */
export const ZSelectedPlan = z.object({
  plan: z.object({ name: z.string(), yearlyPrice: z.number() }),
  amount: z.number(),
  couponApplied: z.string().nullable().default(null),
  originalPrice: z.number(),
  discountAmount: z.number().default(0),
  billingPeriod: z.string().default('yearly'),
});
export type TSelectedPlan = z.infer<typeof ZSelectedPlan>;

/**
 * GET /api/payment/datos-facturacion: what the billing form starts with for a signed-in buyer. `origen`
 * 'ultima-compra': the billing data of the company's last purchase; 'cuenta': the account's tercero (given names and
 * surnames as registered, phone, address, city) and the user's e-mail. Any field may be '' (not known).
 */
export const ZBillingPrefill = z.object({
  origen: z.enum(['ultima-compra', 'cuenta']),
  datos: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** With the +57 prefix, or ''. */
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    codPais: z.string(),
    codDepartamento: z.string(),
    /** DIVIPOLA 5 digits (department + municipality), or ''. */
    codCiudad: z.string(),
  }),
});
export type TBillingPrefill = z.infer<typeof ZBillingPrefill>;

/** One payment of 'Mi plan': a sale through the gateway, or a purchase an operator recorded (transfer). */
export const ZPagoPlan = z.object({
  numeroVenta: z.string(),
  /** The gateway's reference ('Número de transacción'), null for a purchase recorded by an operator. */
  referencia: z.string().nullable(),
  fecha: z.string(),
  plan: z.string(),
  /** CARD, PSE, NEQUI, BANCOLOMBIA_TRANSFER, TRANSFERENCIA… */
  metodoPago: z.string(),
  /** COP, whole. */
  monto: z.number(),
  estado: ZSaleStatus,
  vigenteHasta: z.string().nullable(),
  /** The electronic invoice of the sale when one was issued (Radica issues none yet: null). */
  numeroFactura: z.string().nullable(),
  /**
   * 'pago': a sale paid through the gateway, or a manual sale an operator recorded with its amount; 'otorgamiento': a
   * plan an operator granted without an amount (a Business plan agreed by quote, a courtesy): not a payment of $ 0.
   */
  tipo: z.enum(['pago', 'otorgamiento']),
});
export type TPagoPlan = z.infer<typeof ZPagoPlan>;

/** GET /api/payment/mi-plan (Configuración › Mi plan): the company's plan, its modules, until when, its payments. */
export const ZMiPlan = z.object({
  plan: z.enum(['profesional', 'business']).nullable(),
  planNombre: z.string().nullable(),
  /**
   * Until when the plan in force runs (the latest end of its own periods: a Business grant's, not a Profesional payment
   * running beside it); without a plan, when the last period ended. Null when a period in force has no end (an old
   * grant), or nothing was ever bought.
   */
  vigenteHasta: z.string().nullable(),
  modulos: z.array(z.object({ modulo: ZModulo, titulo: z.string(), activo: z.boolean(), vigenteHasta: z.string().nullable() })),
  /** Newest first. */
  pagos: z.array(ZPagoPlan),
});
export type TMiPlan = z.infer<typeof ZMiPlan>;
