import { MSG } from '@radica/contracts/messages';
import type { TProviderConfig, TProviderConfigInput } from '@radica/contracts/provider';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { TProbarConexionData } from '@radica/contracts/reps';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { NO_AUDIT, type TMuvCredentials } from '../../integrations/muv/client.ts';
import { MuvError } from '../../integrations/muv/errors.ts';
import { getTercero, toTercero } from '../accounts/tercero.ts';
import { findProviderConfig, insertProviderConfig, updateProviderConfigRow } from './repository.ts';

/**
 * GET /api/Auth/tercero-fevrips (seed 000 §3 "Provider configuration (read)"). The validator password is never
 * returned: `passwordValidator` is '' and `hasPasswordValidator` tells whether one is stored.
 */
export async function getProviderConfig(deps: Pick<TDeps, 'db'>, ctx: { tenantId: number; userId: number }): Promise<TProviderConfig> {
  const tercero = await getTercero(deps, ctx);
  const cfg = await findProviderConfig(deps.db, ctx.tenantId);
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
export async function createProviderConfig(deps: Pick<TDeps, 'db' | 'cipher' | 'muv'>, ctx: { tenantId: number }, input: TProviderConfigInput) {
  if (!input.passwordValidator) throw new AppError('VALIDATION', MSG.contrasenaValidadorRequired);
  if (await findProviderConfig(deps.db, ctx.tenantId)) throw new AppError('CONFIG_EXISTS', MSG.configAlreadyExists);
  const { passwordValidator, ...rest } = input;
  await insertProviderConfig(deps.db, ctx.tenantId, { ...rest, passwordValidatorEnc: deps.cipher.encrypt(passwordValidator) });
  deps.muv.forgetTenant(ctx.tenantId);
  return { message: MSG.configSaved };
}

/**
 * PUT /api/Auth/actualizar-configuracion-fevrips: updates the configuration; an empty password keeps the stored
 * one. Creates the configuration when none exists yet (with a password). Answers 'Configuración del ministerio
 * actualizada exitosamente' (seed 000 §8). Throws 400 without any password.
 */
export async function updateProviderConfig(deps: Pick<TDeps, 'db' | 'cipher' | 'muv'>, ctx: { tenantId: number }, input: TProviderConfigInput) {
  if (!(await findProviderConfig(deps.db, ctx.tenantId))) return createProviderConfig(deps, ctx, input);
  const { passwordValidator, ...rest } = input;
  await updateProviderConfigRow(deps.db, ctx.tenantId, {
    ...rest,
    ...(passwordValidator ? { passwordValidatorEnc: deps.cipher.encrypt(passwordValidator) } : {}),
    updatedAt: new Date(),
  });
  deps.muv.forgetTenant(ctx.tenantId);
  // The Ministerio settings card's save says what the seed says for it (§8), not the generic text.
  return { message: MSG.ministryConfigUpdated };
}

/**
 * What the MUV client logs in with for the tenant (reference §1.3 LoginSISPRO): the validator user and its decrypted
 * password from the provider configuration, and the tercero's NIT. Shared by send and sync. Throws 412
 * CONFIG_REQUIRED ('No se encontró configuración del prestador…') when the tenant has no configuration.
 */
export async function ministryCredentials(deps: Pick<TDeps, 'db' | 'cipher'>, ctx: { tenantId: number; userId: number }): Promise<TMuvCredentials> {
  const cfg = await findProviderConfig(deps.db, ctx.tenantId);
  if (!cfg) throw new AppError('CONFIG_REQUIRED', MSG.configNotFound);
  const tercero = await getTercero(deps, ctx);
  return { userValidator: cfg.userValidator, passwordValidator: deps.cipher.decrypt(cfg.passwordValidatorEnc), nit: tercero.numeroIdentificacion };
}

/**
 * The credentials a connection test logs in with (what the form holds, before saving): each typed field, and
 * the saved one for a field not typed; the tercero's NIT. Nothing typed is stored. Throws 412 CONFIG_REQUIRED when a
 * field is neither typed nor saved.
 */
async function credencialesParaProbar(
  deps: Pick<TDeps, 'db' | 'cipher'>,
  ctx: { tenantId: number; userId: number },
  typed: { userValidator?: string | undefined; passwordValidator?: string | undefined },
): Promise<TMuvCredentials> {
  if (typed.userValidator === undefined && typed.passwordValidator === undefined) return ministryCredentials(deps, ctx);
  const cfg = await findProviderConfig(deps.db, ctx.tenantId);
  const userValidator = typed.userValidator ?? cfg?.userValidator;
  const passwordValidator = typed.passwordValidator ?? (cfg ? deps.cipher.decrypt(cfg.passwordValidatorEnc) : undefined);
  if (!userValidator || !passwordValidator) throw new AppError('CONFIG_REQUIRED', MSG_CUENTAS.probarConexionFaltanDatos);
  const tercero = await getTercero(deps, ctx);
  return { userValidator, passwordValidator, nit: tercero.numeroIdentificacion };
}

/**
 * POST /api/Auth/probar-conexion-fevrips: a fresh login to the configured MUV with
 * the validator credentials typed in the form, else the saved ones. `conectado` true when the ministry accepted them; refused credentials and a
 * ministry that could not answer are both `conectado: false`, each with its own Spanish message. Throws 412
 * CONFIG_REQUIRED without a configuration. Neither the password nor the ministry's token is logged.
 */
export async function probarConexion(
  deps: Pick<TDeps, 'db' | 'log' | 'cipher' | 'muv'>,
  ctx: { tenantId: number; userId: number },
  typed: { userValidator?: string | undefined; passwordValidator?: string | undefined } = {},
): Promise<TProbarConexionData> {
  const credentials = await credencialesParaProbar(deps, ctx, typed);
  try {
    await deps.muv.checkLogin({ tenantId: ctx.tenantId, credentials, audit: NO_AUDIT });
    deps.log.info({ tenantId: ctx.tenantId, outcome: 'accepted' }, 'validator connection test');
    return { conectado: true, mensaje: MSG_CUENTAS.probarConexionOk };
  } catch (err) {
    if (!(err instanceof MuvError)) throw err;
    deps.log.info({ tenantId: ctx.tenantId, outcome: err.kind }, 'validator connection test');
    const rechazada = err.kind === 'LOGIN_REJECTED';
    return { conectado: false, mensaje: rechazada ? MSG_CUENTAS.probarConexionRechazada : MSG_CUENTAS.probarConexionNoDisponible };
  }
}
