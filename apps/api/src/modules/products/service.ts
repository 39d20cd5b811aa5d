import { randomBytes } from 'node:crypto';
import { MESES_PLAN } from '@radica/contracts/plans';
import { MODULOS, PRODUCTOS, type TGrantData, type TModulo, type TPlanTenant, type TProductosComprados } from '@radica/contracts/products';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bogotaYmd } from '@radica/contracts/bogota';
import { activePlans, activePlansAnyTenant, countSalePurchases, currentPeriodEnd, findTenantIdByEmail, hasActivePurchase, insertPurchase, listPurchases } from './repository.ts';
import { perDatabase } from '../../lib/per-database.ts';

/**
 * GET /api/Auth/productos-comprados (seed 000 §3 "Purchased-products result", §7): the module flags (true when an
 * active, approved purchase of that module exists) and every purchase of the caller's tenant, oldest first.
 */
export async function getPurchasedProducts(deps: { db: TDb }, ctx: { tenantId: number }): Promise<TProductosComprados> {
  const rows = await listPurchases(deps.db, ctx.tenantId);
  const now = Date.now();
  const grants = (r: (typeof rows)[number]) => r.activo && r.estado === 'APROBADO' && (!r.vigenteHasta || r.vigenteHasta.getTime() > now);
  const owns = (m: TModulo) => rows.some((r) => r.modulo === m && grants(r));
  const active = rows.filter(grants);
  return {
    plan: active.some((r) => r.plan === 'business') ? 'business' : active.length ? 'profesional' : null,
    ministerio: owns('ministerio'),
    facturacion: owns('facturacion'),
    marketing: owns('marketing'),
    automatizaciones: owns('automatizaciones'),
    productosDetalle: rows.map((r) => ({
      productoId: r.productoId,
      titulo: r.titulo,
      descripcion: r.descripcion,
      estado: r.estado,
      fechaCompra: r.fechaCompra.toISOString(),
      montoPagado: r.montoPagado,
      numeroVenta: r.numeroVenta,
      activo: grants(r),
      metodoPago: r.metodoPago,
      vigenteHasta: r.vigenteHasta?.toISOString() ?? null,
    })),
  };
}

/** The catalogue part of an approved purchase row of module `m` (PRODUCTOS). */
const catalogueRow = (m: TModulo) => ({
  modulo: m,
  productoId: PRODUCTOS[m].productoId,
  titulo: PRODUCTOS[m].titulo,
  descripcion: PRODUCTOS[m].descripcion,
  estado: 'APROBADO',
});

/** Owned-module answers kept for a few seconds per process (every ministry call checks; a grant here drops them). */
const MODULE_CACHE_TTL_MS = 5_000;
/** Per database handle (see perDatabase). */
const moduleCacheOf = perDatabase(() => new Map<string, { at: number; owns: boolean }>());

/**
 * True when the tenant owns `modulo` (an active, approved purchase). One indexed lookup, cached 5 s per process
 * (a grant through this process is seen at once; elsewhere within 5 s).
 */
export async function hasModule(deps: { db: TDb }, tenantId: number, modulo: TModulo): Promise<boolean> {
  const key = `${tenantId}:${modulo}`;
  const moduleCache = moduleCacheOf(deps.db);
  const hit = moduleCache.get(key);
  if (hit && Date.now() - hit.at < MODULE_CACHE_TTL_MS) return hit.owns;
  const owns = await ownsModule(deps, tenantId, modulo);
  if (moduleCache.size > 10_000) moduleCache.clear();
  moduleCache.set(key, { at: Date.now(), owns });
  return owns;
}

/**
 * The tenant's plan now (seed 002 §1): 'business' when an active purchase is Business, 'profesional' with any other
 * active purchase, null with none. Business features (rejection alerts, 30-day backups) check it.
 */
export async function tenantPlan(deps: { db: TDb }, tenantId: number): Promise<TPlanTenant | null> {
  const plans = await activePlans(deps.db, tenantId);
  return plans.includes('business') ? 'business' : plans.length ? 'profesional' : null;
}

/**
 * The plans some tenant holds now (seed 002 §1), each once: what backup retention must honour (7 or 30 days).
 */
export async function plansInForce(deps: { db: TDb }): Promise<TPlanTenant[]> {
  const plans = await activePlansAnyTenant(deps.db);
  return (['profesional', 'business'] as const).filter((p) => plans.includes(p));
}

const ownsModule = (deps: { db: TDb }, tenantId: number, modulo: TModulo) => hasActivePurchase(deps.db, tenantId, modulo);

/**
 * Record a manual purchase (default: paid by bank transfer) of `modulos` for the tenant of the user `email`
 * (operator command `npm run admin -- grant EMAIL MODULE…`, docs/spec-deviations.md), running `meses` months from now
 * (default 12, the plans' term): a grant has a term like a sale, so Mi plan shows until when it runs and a paid period
 * beside it keeps its own end. Modules the tenant already owns are not recorded twice (then `vigenteHasta` is null).
 * Throws AppError 404 when no user has that e-mail, 400 on an unknown module.
 */
export async function grantModules(
  deps: { db: TDb },
  input: { email: string; modulos: string[]; metodoPago?: string; montoPagado?: number; registradoPor?: string; plan?: TPlanTenant; meses?: number },
): Promise<TGrantData> {
  for (const m of input.modulos)
    if (!(MODULOS as readonly string[]).includes(m)) throw new AppError('MODULO_INVALIDO', MSG_MINISTERIO.moduloInvalido(m));
  const email = input.email.trim().toLowerCase();
  const tenantId = await findTenantIdByEmail(deps.db, email);
  if (tenantId === null) throw new AppError('USUARIO_NO_ENCONTRADO', MSG_MINISTERIO.usuarioNoEncontrado(email));
  const user = { tenantId };
  const numeroVenta = `MAN-${bogotaYmd(new Date())}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const granted: TModulo[] = [];
  const plan = input.plan ?? 'profesional';
  const until = addMonths(new Date(), input.meses ?? MESES_PLAN);
  let recorded = false;
  // A Business grant is recorded even over a running Profesional purchase: it upgrades the plan.
  const upgrade = plan === 'business' && !(await activePlans(deps.db, user.tenantId)).includes('business');
  for (const m of new Set(input.modulos as TModulo[])) {
    moduleCacheOf(deps.db).delete(`${user.tenantId}:${m}`);
    if (!upgrade && (await ownsModule(deps, user.tenantId, m))) {
      granted.push(m);
      continue;
    }
    await insertPurchase(deps.db, user.tenantId, {
      ...catalogueRow(m),
      plan,
      montoPagado: input.montoPagado ?? 0,
      numeroVenta,
      metodoPago: input.metodoPago ?? 'TRANSFERENCIA',
      activo: true,
      registradoPor: input.registradoPor ?? 'operador',
      vigenteHasta: until,
    });
    recorded = true;
    granted.push(m);
  }
  for (const m of granted) moduleCacheOf(deps.db).delete(`${user.tenantId}:${m}`);
  return { tenantId: user.tenantId, email, modulos: granted, numeroVenta, vigenteHasta: recorded ? until.toISOString() : null };
}

/**
 * Record the modules a paid sale grants: one purchase row per module, running `months`
 * from now, or from the end of the tenant's current period of that module when one runs (a renewal extends it).
 * Idempotent per sale: a sale already recorded for the tenant records nothing more. Returns the period's end
 * (the latest of the modules'). `montoPagado` in COP.
 */
export async function recordSalePurchase(
  deps: { db: TDb },
  input: { tenantId: number; saleId: number; numeroVenta: string; modulos: readonly TModulo[]; montoPagado: number; metodoPago: string; months: number },
): Promise<Date> {
  let latest = new Date();
  if ((await countSalePurchases(deps.db, input.tenantId, input.saleId)) > 0) return latest;
  for (const m of new Set(input.modulos)) {
    moduleCacheOf(deps.db).delete(`${input.tenantId}:${m}`);
    const current = await currentPeriodEnd(deps.db, input.tenantId, m);
    const from = current instanceof Date && current.getTime() > Date.now() ? current : new Date();
    const until = addMonths(from, input.months);
    if (until > latest) latest = until;
    await insertPurchase(deps.db, input.tenantId, {
      ...catalogueRow(m),
      montoPagado: input.montoPagado,
      numeroVenta: input.numeroVenta,
      metodoPago: input.metodoPago,
      activo: true,
      registradoPor: 'pasarela',
      vigenteHasta: until,
      saleId: input.saleId,
    });
    moduleCacheOf(deps.db).delete(`${input.tenantId}:${m}`);
  }
  return latest;
}

/** `date` plus `months` calendar months (UTC; the 31st of a shorter month becomes its last day). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export type { TDeps };
