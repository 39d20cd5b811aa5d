import { MODULOS, PRODUCTOS } from '@radica/contracts/products';
import { PAIS_POR_DEFECTO, PLANES, PREFIJO_TELEFONO, ZBillingData, type TBillingPrefill, type TMiPlan, type TPagoPlan, type TSaleStatus } from '@radica/contracts/payments';
import type { TDb } from '../../db/client.ts';
import { findTerceroOfUser } from '../accounts/repository.ts';
import { ubicacionDeCodigos } from '../geography/service.ts';
import { listPurchases } from '../products/repository.ts';
import { findLastBillingData, findUserEmail, listSalesOfTenant } from './repository.ts';

/** Sales that are payments of the company: taken (APPROVED) or on their way (PENDING). Declined attempts are not. */
const PAGOS: ReadonlySet<string> = new Set<TSaleStatus>(['APPROVED', 'PENDING']);

const latest = (dates: Array<Date | null>): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/**
 * GET /api/payment/mi-plan (Configuración › Mi plan): the tenant's plan now (Business over Profesional) and
 * until when that plan runs (its own periods: a Profesional period paid beside a Business grant keeps its end on its
 * payment), each module it ever had with whether it runs and until when, and its payments newest first: the gateway's
 * sales approved or pending, and what an operator recorded, one per sale number, each with its term; an operator's
 * record without an amount is a grant ('otorgamiento'), not a payment of $ 0. Only the tenant's own rows are read.
 */
export async function getMiPlan(deps: { db: TDb }, ctx: { tenantId: number }): Promise<TMiPlan> {
  const [rows, ventas] = await Promise.all([listPurchases(deps.db, ctx.tenantId), listSalesOfTenant(deps.db, ctx.tenantId)]);
  const now = Date.now();
  const grants = (r: (typeof rows)[number]) => r.activo && r.estado === 'APROBADO' && (!r.vigenteHasta || r.vigenteHasta.getTime() > now);
  const active = rows.filter(grants);
  const plan = active.some((r) => r.plan === 'business') ? 'business' : active.length ? 'profesional' : null;
  const modulos = MODULOS.filter((m) => rows.some((r) => r.modulo === m)).map((m) => {
    const own = rows.filter((r) => r.modulo === m);
    const running = own.filter(grants);
    const forever = running.some((r) => !r.vigenteHasta);
    return { modulo: m, titulo: PRODUCTOS[m].titulo, activo: running.length > 0, vigenteHasta: forever ? null : (latest(own.map((r) => r.vigenteHasta))?.toISOString() ?? null) };
  });
  // The plan's own periods: a Business grant runs until its end even when a Profesional period paid beside it runs longer.
  const ofPlan = plan ? active.filter((r) => (r.plan === 'business') === (plan === 'business')) : rows;
  const forever = ofPlan.some((r) => grants(r) && !r.vigenteHasta);
  const pagos: TPagoPlan[] = ventas
    .filter((v) => PAGOS.has(v.status))
    .map((v) => ({
      numeroVenta: v.numeroVenta,
      referencia: v.reference,
      fecha: (v.finalizedAt ?? v.createdAt).toISOString(),
      plan: v.planName,
      metodoPago: v.paymentMethodType,
      monto: v.total,
      estado: v.status as TSaleStatus,
      vigenteHasta: v.vigenteHasta?.toISOString() ?? null,
      numeroFactura: null,
      tipo: 'pago',
    }));
  const manuales = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) if (r.saleId === null) manuales.set(r.numeroVenta, [...(manuales.get(r.numeroVenta) ?? []), r]);
  for (const [numeroVenta, grupo] of manuales) {
    const first = grupo[0]!;
    pagos.push({
      numeroVenta,
      referencia: null,
      fecha: first.fechaCompra.toISOString(),
      plan: PLANES[first.plan as keyof typeof PLANES]?.name ?? first.plan,
      metodoPago: first.metodoPago,
      monto: first.montoPagado,
      estado: 'APPROVED',
      vigenteHasta: grupo.some((r) => !r.vigenteHasta) ? null : (latest(grupo.map((r) => r.vigenteHasta))?.toISOString() ?? null),
      numeroFactura: null,
      tipo: first.montoPagado > 0 ? 'pago' : 'otorgamiento',
    });
  }
  pagos.sort((a, b) => b.fecha.localeCompare(a.fecha));
  return {
    plan,
    planNombre: plan ? PLANES[plan].name : null,
    vigenteHasta: forever ? null : (latest(ofPlan.map((r) => r.vigenteHasta))?.toISOString() ?? null),
    modulos,
    pagos,
  };
}

/** A stored phone → '+57' and its 10 national digits, or '' when it has none. */
function phoneOf(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national = digits.length > 10 && digits.startsWith('57') ? digits.slice(2) : digits;
  return national ? `${PREFIJO_TELEFONO}${national.slice(-10)}` : '';
}

/**
 * GET /api/payment/datos-facturacion ("phone, city and address from registration are not prefilled nor
 * remembered"): the billing data of the company's last purchase when there is one; else the account's tercero — given
 * names (primer + segundo nombre) as the first name and surnames (primer + segundo apellido) as the last name, as
 * registered (a second given name is not a surname), its phone, address and city — with the caller's e-mail.
 */
export async function getBillingPrefill(deps: { db: TDb }, ctx: { tenantId: number; userId: number }): Promise<TBillingPrefill> {
  const last = ZBillingData.safeParse(await findLastBillingData(deps.db, ctx.tenantId));
  if (last.success) {
    const d = last.data;
    const datos = { firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, address: d.address, city: d.city, region: d.region, country: d.country };
    return { origen: 'ultima-compra', datos: { ...datos, codPais: d.codPais, codDepartamento: d.codDepartamento, codCiudad: d.codCiudad } };
  }
  const [tercero, email] = await Promise.all([findTerceroOfUser(deps.db, ctx.tenantId, ctx.userId), findUserEmail(deps.db, ctx.tenantId, ctx.userId)]);
  const join = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean).join(' ');
  const ubicacion = tercero && tercero.codPais === 'CO' ? ubicacionDeCodigos(tercero.codDepartamento, tercero.codCiudad) : null;
  return {
    origen: 'cuenta',
    datos: {
      firstName: tercero ? join(tercero.primerNombre, tercero.segundoNombre) : '',
      lastName: tercero ? join(tercero.primerApellido, tercero.segundoApellido) : '',
      email: email ?? '',
      phone: phoneOf(tercero?.telefono ?? ''),
      address: tercero?.direccion ?? '',
      city: ubicacion?.ciudad.descripcion ?? '',
      region: ubicacion?.departamento.descripcion ?? '',
      country: ubicacion?.pais.descripcion ?? PAIS_POR_DEFECTO,
      codPais: ubicacion ? 'CO' : '',
      codDepartamento: ubicacion?.departamento.codigo ?? '',
      codCiudad: ubicacion ? `${ubicacion.departamento.codigo}${ubicacion.ciudad.codigo}` : '',
    },
  };
}
