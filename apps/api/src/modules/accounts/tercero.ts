import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TActualizarTerceroRequest } from '@radica/contracts/auth';
import { dvToStore } from '@radica/contracts/nit';
import type { TTercero } from '@radica/contracts/provider';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { municipioNombre } from '../geography/service.ts';
import { findTerceroOfUser, updateTerceroOfUser, type TTerceroRow } from './repository.ts';

/** The tenant's tercero (the company or person of the account, seed 000 §3). Throws 404 if missing. */
export async function getTercero(deps: Pick<TDeps, 'db'>, ctx: { tenantId: number; userId: number }): Promise<TTerceroRow> {
  const tercero = await findTerceroOfUser(deps.db, ctx.tenantId, ctx.userId);
  if (!tercero) throw new AppError('NOT_FOUND', MSG.http404);
  return tercero;
}

/** A tercero as the API answers it (seed 000 §3 "Tercero"), with its municipality's name. */
export function toTercero(t: TTerceroRow): TTercero {
  return {
    id: t.id,
    nombre: t.nombre,
    razonSocial: t.razonSocial,
    tipoIdentidad: t.tipoIdentidad,
    numeroIdentificacion: t.numeroIdentificacion,
    codPais: t.codPais,
    codDepartamento: t.codDepartamento,
    codCiudad: t.codCiudad,
    nombreCiudad: (t.codPais === 'CO' && municipioNombre(t.codDepartamento, t.codCiudad)) || '',
    dv: t.dv,
    direccion: t.direccion,
    telefono: t.telefono,
    email: t.email,
    observaciones: t.observaciones,
    activo: t.activo,
    fechaCreacion: t.fechaCreacion.toISOString(),
  };
}

/**
 * PUT /api/Auth/actualizar-tercero (seed 000 §7, §2 Settings): updates the caller's own tercero (tenant and
 * tercero from the access token, never from the body). Returns the stored tercero. Throws 401 when the caller's user
 * is gone.
 */
export async function actualizarTercero(deps: Pick<TDeps, 'db' | 'log'>, ctx: { tenantId: number; userId: number }, input: TActualizarTerceroRequest) {
  const tercero = await updateTerceroOfUser(deps.db, ctx.tenantId, ctx.userId, {
    nombre: input.nombre,
    razonSocial: input.razonSocial,
    tipoIdentidad: input.tipoIdentidad,
    numeroIdentificacion: input.numeroIdentificacion.replace(/[\s.\-_]/g, ''),
    dv: dvToStore(input),
    codPais: input.codPais,
    codDepartamento: input.codDepartamento,
    codCiudad: input.codCiudad,
    direccion: input.direccion,
    telefono: input.telefono,
    email: input.email.trim().toLowerCase(),
    observaciones: input.observaciones,
  });
  if (!tercero) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  deps.log.info({ event: 'account.tercero_updated', userId: ctx.userId }, 'tercero updated');
  const { tenantId: _tenantId, ...data } = tercero;
  return { message: MSG_CUENTAS.terceroUpdated, data: { ...data, fechaCreacion: tercero.fechaCreacion.toISOString() } };
}
