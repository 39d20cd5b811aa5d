import type { TModulo } from './modulos.ts';

/**
 * The plans and the sending channels (seed 002 §1), plain constants without zod: the sales page shows them in its
 * first load, which must stay small (bench/sales-page.ts). payments.ts re-exports them with the purchase's schemas.
 */

/** A plan (seed 002 §1 "Plan entity"). `yearlyPrice: null` = price on request (Business). `modulos`: what a sale grants. */
export type TPlan = {
  id: 'profesional' | 'business';
  name: string;
  description: string;
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  features: readonly string[];
  isPopular: boolean;
  modulos: readonly TModulo[];
  /** Days of backups the plan keeps (seed 002 §9). */
  backupDays: number;
  /** Users of the company the plan allows, pending invitations included (docs/decisions/039). */
  usuarios: number;
};

/** Business's users (docs/decisions/039): said on the sales page and by the sales chat, enforced by the users page. */
const USUARIOS_BUSINESS = 10;

/** The plans (seed 002 §1). Only 'profesional' is sold online: 400 000 COP for 12 months. */
export const PLANES = {
  profesional: {
    id: 'profesional',
    name: 'Profesional',
    description: 'Para IPS y profesionales que radican sus facturas y RIPS ante el Ministerio de Salud.',
    monthlyPrice: null,
    yearlyPrice: 400_000,
    features: [
      'Elige entre 4 canales de envío',
      'Envío al Ministerio de Salud',
      'Bitácora e historial de envíos',
      'Resumen por envío',
      'Reportes',
      'Consulta de CUV',
      'Creación de RIPS en la plataforma',
      'Copia de seguridad (7 días)',
    ],
    isPopular: true,
    modulos: ['ministerio'],
    backupDays: 7,
    usuarios: 1,
  },
  business: {
    id: 'business',
    name: 'Business',
    description: 'Para clínicas y redes con alto volumen, varios usuarios y alertas.',
    monthlyPrice: null,
    yearlyPrice: null,
    features: [
      'Todo lo del plan Profesional',
      'Envío asíncrono',
      'Canal dedicado',
      `Módulo multiusuario: hasta ${USUARIOS_BUSINESS} usuarios`,
      'Alertas de rechazo por correo o WhatsApp',
      'Asistente de IA por WhatsApp',
      'Copia de seguridad (30 días)',
    ],
    isPopular: false,
    modulos: ['ministerio'],
    backupDays: 30,
    usuarios: USUARIOS_BUSINESS,
  },
} as const satisfies Record<string, TPlan>;
export type TPlanId = keyof typeof PLANES;

/** The plan sold online (seed 002 §1 "The only purchasable plan is 'profesional', a 12-month (yearly) plan"). */
export const PLAN_EN_LINEA = PLANES.profesional;
/** Months a sale grants (seed 002 §2 'Plan de 12 meses'). */
export const MESES_PLAN = 12;

/** The four delivery channels of the sales page (seed 002 §1), in carousel order. */
export const CANALES = ['email', 'ftp', 'plataforma', 'api'] as const;
export type TCanal = (typeof CANALES)[number];

/**
 * The modules on sale online: what the plan sold online grants. Their pricing pages offer the plan
 * and its price; the other modules (facturación, marketing, automatizaciones) keep the coming-soon notice.
 */
export const MODULOS_EN_VENTA: readonly TModulo[] = PLAN_EN_LINEA.modulos;
/** True when `modulo` is bought with the plan sold online (MODULOS_EN_VENTA). */
export function isModuloEnVenta(modulo: TModulo): boolean {
  return MODULOS_EN_VENTA.includes(modulo);
}
