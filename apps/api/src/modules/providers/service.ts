import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import type { TProviderConfig, TProviderConfigInput, TTercero } from '@radica/contracts/provider';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { providerConfigs, terceros, users } from '../../db/schema.ts';

/** The tenant's tercero (the company or person of the account). Throws 404 if missing. */
export async function getTercero(deps: TDeps, ctx: { tenantId: number; userId: number }) {
  const [row] = await deps.db
    .select({ tercero: terceros })
    .from(users)
    .innerJoin(terceros, eq(users.terceroId, terceros.id))
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!row || row.tercero.tenantId !== ctx.tenantId) throw new AppError('NOT_FOUND', 404, MSG.http404);
  return row.tercero;
}

function toTercero(t: typeof terceros.$inferSelect): TTercero {
  return {
    id: t.id,
    nombre: t.nombre,
    razonSocial: t.razonSocial,
    tipoIdentidad: t.tipoIdentidad,
    numeroIdentificacion: t.numeroIdentificacion,
    codPais: t.codPais,
    codDepartamento: t.codDepartamento,
    codCiudad: t.codCiudad,
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
 * GET /api/Auth/tercero-fevrips (seed 000 §3 "Provider configuration (read)"). The validator password is never
 * returned: `passwordValidator` is '' and `hasPasswordValidator` tells whether one is stored.
 */
export async function getProviderConfig(deps: TDeps, ctx: { tenantId: number; userId: number }): Promise<TProviderConfig> {
  const tercero = await getTercero(deps, ctx);
  const [cfg] = await deps.db.select().from(providerConfigs).where(eq(providerConfigs.tenantId, ctx.tenantId)).limit(1);
  return {
    codigoPrestador: cfg?.codigoPrestador ?? null,
    userValidator: cfg?.userValidator ?? null,
    passwordValidator: '',
    hasPasswordValidator: Boolean(cfg?.passwordValidatorEnc),
    tipoPrestadorServicio: cfg?.tipoPrestadorServicio ?? null,
    tipoCaracter: cfg?.tipoCaracter ?? null,
    fechaRadicacion: cfg?.fechaRadicacion ?? null,
    fechaVencimiento: cfg?.fechaVencimiento ?? null,
    tipoClasePersona: cfg?.tipoClasePersona ?? null,
    tipoEntidad: cfg?.tipoEntidad ?? null,
    telefonoAdicional: cfg?.telefonoAdicional ?? null,
    nombreRepresentanteLegal: cfg?.nombreRepresentanteLegal ?? null,
    activo: cfg?.activo ?? false,
    configurado: Boolean(cfg),
    tercero: toTercero(tercero),
  };
}

/**
 * POST /api/Auth/crear-configuracion-fevrips: creates the tenant's provider configuration; the validator password
 * is required and stored AES-256-GCM encrypted. Throws 400 when the password is missing, 409 when one exists.
 */
export async function createProviderConfig(deps: TDeps, ctx: { tenantId: number }, input: TProviderConfigInput) {
  if (!input.passwordValidator) throw new AppError('VALIDATION', 400, MSG.contrasenaValidadorRequired);
  const [existing] = await deps.db
    .select({ id: providerConfigs.id })
    .from(providerConfigs)
    .where(eq(providerConfigs.tenantId, ctx.tenantId))
    .limit(1);
  if (existing) throw new AppError('CONFIG_EXISTS', 409, MSG.configAlreadyExists);
  const { passwordValidator, ...rest } = input;
  await deps.db.insert(providerConfigs).values({
    tenantId: ctx.tenantId,
    ...rest,
    passwordValidatorEnc: deps.cipher.encrypt(passwordValidator),
  });
  deps.muv.forgetTenant(ctx.tenantId);
  return { message: MSG.configSaved };
}

/**
 * PUT /api/Auth/actualizar-configuracion-fevrips: updates the configuration; an empty password keeps the stored
 * one. Creates the configuration when none exists yet (with a password). Throws 400 without any password.
 */
export async function updateProviderConfig(deps: TDeps, ctx: { tenantId: number }, input: TProviderConfigInput) {
  const [existing] = await deps.db.select().from(providerConfigs).where(eq(providerConfigs.tenantId, ctx.tenantId)).limit(1);
  if (!existing) return createProviderConfig(deps, ctx, input);
  const { passwordValidator, ...rest } = input;
  await deps.db
    .update(providerConfigs)
    .set({
      ...rest,
      ...(passwordValidator ? { passwordValidatorEnc: deps.cipher.encrypt(passwordValidator) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(providerConfigs.tenantId, ctx.tenantId));
  deps.muv.forgetTenant(ctx.tenantId);
  return { message: MSG.configSaved };
}

/** The decrypted credentials the MUV client needs; null when the tenant has no configuration. */
export async function getValidatorCredentials(deps: TDeps, tenantId: number) {
  const [cfg] = await deps.db.select().from(providerConfigs).where(eq(providerConfigs.tenantId, tenantId)).limit(1);
  if (!cfg) return null;
  return {
    codigoPrestador: cfg.codigoPrestador,
    userValidator: cfg.userValidator,
    passwordValidator: deps.cipher.decrypt(cfg.passwordValidatorEnc),
  };
}
