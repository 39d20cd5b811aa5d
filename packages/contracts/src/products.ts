import { z } from 'zod';
import { MESES_PLAN } from './plans.ts';

import { MODULOS, type TModulo } from './modulos.ts';

export { MODULOS, type TModulo };
export const ZModulo = z.enum(MODULOS);

/** Catalogue titles and product ids used when a purchase is recorded (Radica's own; prices live in billing). */
export const PRODUCTOS: Record<TModulo, { productoId: number; titulo: string; descripcion: string }> = {
  ministerio: { productoId: 1, titulo: 'Ministerio de Salud', descripcion: 'Reportes FEV/RIPS al Ministerio de Salud' },
  facturacion: { productoId: 2, titulo: 'Facturación', descripcion: 'Facturación electrónica' },
  marketing: { productoId: 3, titulo: 'Marketing', descripcion: 'Marketing' },
  automatizaciones: { productoId: 4, titulo: 'Automatizaciones', descripcion: 'Automatizaciones' },
};

export const ZProductoDetalle = z.object({
  productoId: z.number(),
  titulo: z.string(),
  descripcion: z.string().nullable(),
  estado: z.string(),
  fechaCompra: z.string(),
  montoPagado: z.number(),
  numeroVenta: z.string(),
  /** True while the purchase grants its module (approved, not past `vigenteHasta`). */
  activo: z.boolean(),
  /** Radica: how it was paid (CARD, NEQUI, PSE, BANCOLOMBIA_TRANSFER, TRANSFERENCIA) and until when it runs (null = no end). */
  metodoPago: z.string(),
  vigenteHasta: z.string().nullable(),
});
export type TProductoDetalle = z.infer<typeof ZProductoDetalle>;

/** GET /api/Auth/productos-comprados `data` (seed 000 §3, §7). */
/** A tenant's plan (seed 002 §1): 'business' is quoted and granted by an operator; the Business features need it. */
export const PLANES_TENANT = ['profesional', 'business'] as const;
export const ZPlanTenant = z.enum(PLANES_TENANT);
export type TPlanTenant = z.infer<typeof ZPlanTenant>;

export const ZProductosComprados = z.object({
  ministerio: z.boolean(),
  facturacion: z.boolean(),
  marketing: z.boolean(),
  automatizaciones: z.boolean(),
  productosDetalle: z.array(ZProductoDetalle),
  /** Radica: the plan of the tenant's active purchases ('business' when any is Business), null with none. */
  plan: ZPlanTenant.nullable(),
});
export type TProductosComprados = z.infer<typeof ZProductosComprados>;

/** POST /api/admin/grant (operator endpoint behind `npm run admin -- grant EMAIL MODULE…`). */
export const ZGrantRequest = z.object({
  email: z.string().trim().min(3),
  modulos: z.array(ZModulo).min(1),
  metodoPago: z.string().trim().min(1).default('TRANSFERENCIA'),
  montoPagado: z.number().int().min(0).default(0),
  /** The plan the grant records (Business is quoted and granted this way). */
  plan: ZPlanTenant.default('profesional'),
  /** Months the grant runs from now: a plan's term, 12 unless agreed otherwise (seed 002 §1 'Plan de 12 meses'). */
  meses: z.number().int().min(1).max(120).default(MESES_PLAN),
});
export type TGrantRequest = z.input<typeof ZGrantRequest>;
export const ZGrantData = z.object({
  tenantId: z.number(),
  email: z.string(),
  modulos: z.array(ZModulo),
  numeroVenta: z.string(),
  /** The end of the grant's term (ISO); null when nothing new was recorded (the modules were owned already). */
  vigenteHasta: z.string().nullable(),
});
export type TGrantData = z.infer<typeof ZGrantData>;
