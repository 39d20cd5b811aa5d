import { createHash, randomUUID } from 'node:crypto';
import {
  ESTADOS_ALERTA,
  ESTADOS_FINALES,
  EVENTO_PRUEBA,
  EVENTO_RESULTADO,
  EVENTO_SIN_RESPUESTA,
  WEBHOOKS_MAX,
  type TAlertasData,
  type TAlertasRequest,
  type TEventoWebhook,
  type TWebhook,
  type TWebhookCreated,
  type TWebhooksData,
} from '@radica/contracts/avisos';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { loadDoc } from '../documents/detail.ts';
import { estadoPaquete } from '../integraciones/service.ts';
import { tenantPlan } from '../products/service.ts';
import { alertaMail, alertaWhatsappParams, bogotaDay, resumenMail, sftpFallasMail } from './mensajes.ts';
import { accountFailureSummary } from '../auth/login.ts';
import { perDatabase } from '../../lib/per-database.ts';
import {
  administratorEmails,
  claimDailySummary,
  countActiveWebhooks,
  countStatusesBetween,
  deactivateWebhook,
  findAlertaEnvio,
  findAlertas,
  insertAlertaEnvios,
  insertEntregas,
  insertWebhook,
  listAlertaEnvios,
  listEntregas,
  listWebhooks,
  recordAlertaAttempt,
  tenantsWithDailySummary,
  upsertAlertas,
  type TWebhookRow,
} from './repository.ts';
import { checkWebhookUrl, newWebhookSecret } from './webhooks.ts';
import { jobIdOf } from '../jobs/job-ids.ts';
import { inicioDiaBogota } from '@radica/contracts/bogota';

type TCtx = { tenantId: number; userId: number };

/** How many log rows the settings show. */
const LOG_LIMIT = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toWebhook = (w: TWebhookRow): TWebhook => ({ id: w.id, url: w.url, activo: w.activo, creadoEn: w.creadoEn.toISOString() });

/** GET /api/integraciones/webhooks: the tenant's active webhooks and its latest deliveries, newest first. */
export async function listarWebhooks(deps: Pick<TDeps, 'db'>, ctx: TCtx): Promise<TWebhooksData> {
  const [hooks, entregas] = await Promise.all([listWebhooks(deps.db, ctx.tenantId, { soloActivos: true }), listEntregas(deps.db, ctx.tenantId, LOG_LIMIT)]);
  return {
    webhooks: hooks.map(toWebhook),
    entregas: entregas.map(({ entrega: e, url, formato, estadoDocumento }) => ({
      id: e.id,
      webhookId: e.webhookId,
      url,
      eventoId: e.eventoId,
      evento: e.evento,
      fevRipsId: e.fevRipsId,
      formato: formato ?? null,
      estadoDocumento: estadoDocumento ?? null,
      estado: e.estado as 'PENDIENTE' | 'ENTREGADO' | 'FALLIDO',
      intentos: e.intentos,
      ultimoHttpStatus: e.ultimoHttpStatus,
      ultimoError: e.ultimoError,
      creadoEn: e.creadoEn.toISOString(),
      ultimoIntentoEn: iso(e.ultimoIntentoEn),
      entregadoEn: iso(e.entregadoEn),
    })),
  };
}

/**
 * POST /api/integraciones/webhooks: registers `url` (checkWebhookUrl) with a new signing secret, returned this once and
 * stored encrypted. Throws WEBHOOK_URL_INVALID (400), WEBHOOK_LIMIT (409) with WEBHOOKS_MAX active already.
 */
export async function crearWebhook(deps: Pick<TDeps, 'config' | 'db' | 'cipher'>, ctx: TCtx, input: { url: string }): Promise<TWebhookCreated> {
  const url = await checkWebhookUrl(deps, input.url);
  if ((await countActiveWebhooks(deps.db, ctx.tenantId)) >= WEBHOOKS_MAX) throw new AppError('WEBHOOK_LIMIT', MSG_AVISOS.webhookLimite(WEBHOOKS_MAX));
  const secreto = newWebhookSecret();
  const row = await insertWebhook(deps.db, ctx.tenantId, { url: url.toString(), secretoCifrado: deps.cipher.encrypt(secreto) });
  return { ...toWebhook(row), secreto };
}

/** DELETE /api/integraciones/webhooks/{id}: no more deliveries (pending ones end FALLIDO). 404 for another tenant's id. */
export async function eliminarWebhook(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TWebhook> {
  const row = await deactivateWebhook(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND', MSG_AVISOS.webhookNoEncontrado);
  return toWebhook(row);
}

/** POST /api/integraciones/webhooks/{id}/probar: queues a signed `webhook.prueba` event to that webhook. */
export async function probarWebhook(deps: Pick<TDeps, 'db' | 'jobs'>, ctx: TCtx, id: number): Promise<void> {
  const hook = (await listWebhooks(deps.db, ctx.tenantId, { soloActivos: true })).find((w) => w.id === id);
  if (!hook) throw new AppError('WEBHOOK_NOT_FOUND', MSG_AVISOS.webhookNoEncontrado);
  const evento: TEventoWebhook = { id: `evt_${randomUUID().replace(/-/g, '')}`, tipo: EVENTO_PRUEBA, creadoEn: new Date().toISOString(), data: null };
  const rows = await insertEntregas(deps.db, ctx.tenantId, [{ webhookId: hook.id, fevRipsId: null, eventoId: evento.id, evento: evento.tipo, payload: evento }]);
  await deps.jobs.enqueue('webhook-entregas', rows.map((r) => ({ tenantId: ctx.tenantId, entregaId: r.id })));
}

/**
 * A document reached a status after a send (documents/claims.ts calls this through `deps.avisos`). On a final status
 * (APROBADO, NO_APROBADO, ERROR) it records and queues a `documento.resultado` event to each active webhook, and on
 * NO_APROBADO / ERROR an alert to each recipient the tenant chose, when its plan is Business. The event id is derived
 * from the document's status change, so publishing the same change twice records nothing new. Never throws: a
 * failure here must not fail the send; it is logged.
 */
export async function publicarResultado(deps: TDeps, tenantId: number, fevRipsId: number): Promise<void> {
  try {
    const doc = await loadDoc(deps, { tenantId }, fevRipsId);
    if (!(ESTADOS_FINALES as readonly string[]).includes(doc.estado)) return;
    const [hooks, alertas] = await Promise.all([listWebhooks(deps.db, tenantId, { soloActivos: true }), findAlertas(deps.db, tenantId)]);
    const alerta = (ESTADOS_ALERTA as readonly string[]).includes(doc.estado) && alertas && (doc.estado === 'ERROR' ? alertas.alertarError : alertas.alertarNoAprobado);
    if (hooks.length === 0 && !alerta) return;
    const eventoId = `evt_${createHash('sha256').update(`${tenantId}:${fevRipsId}:${doc.estado}:${doc.fechaModificacion.getTime()}`).digest('hex').slice(0, 32)}`;
    if (hooks.length) {
      const evento: TEventoWebhook = { id: eventoId, tipo: EVENTO_RESULTADO, creadoEn: new Date().toISOString(), data: await estadoPaquete(deps, { tenantId, userId: 0 }, fevRipsId) };
      const rows = await insertEntregas(deps.db, tenantId, hooks.map((h) => ({ webhookId: h.id, fevRipsId, eventoId, evento: evento.tipo, payload: evento })));
      await deps.jobs.enqueue('webhook-entregas', rows.map((r) => ({ tenantId, entregaId: r.id })));
    }
    if (alerta && alertas && (await tenantPlan(deps, tenantId)) === 'business') {
      const destinos = [
        ...alertas.correos.map((d) => ({ canal: 'correo' as const, destino: d })),
        ...(whatsappDisponible(deps) ? alertas.whatsapp.map((d) => ({ canal: 'whatsapp' as const, destino: d })) : []),
      ];
      const rows = await insertAlertaEnvios(deps.db, tenantId, destinos.map((d) => ({ ...d, fevRipsId, tipo: 'alerta' as const, clave: eventoId })));
      await deps.jobs.enqueue('alerta-envios', rows.map((r) => ({ tenantId, envioId: r.id })));
    }
  } catch (err) {
    deps.log.warn({ err: String((err as Error).message ?? err), fevRipsId }, 'result event not published');
  }
}

/**
 * A document began to wait for the ministry (documents/espera.ts, docs/decisions/047): a `documento.sin_respuesta`
 * event to each active webhook (one per wait: its id comes from the wait's start), and a delayed check that alerts the
 * tenant if the wait lasts MUV_TRANSIENT_ALERT_S. Never throws (a failure is logged; the send goes on).
 */
export async function publicarEspera(deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'log' | 'jobs'>, tenantId: number, fevRipsId: number, desde: Date): Promise<void> {
  try {
    const hooks = await listWebhooks(deps.db, tenantId, { soloActivos: true });
    if (hooks.length) {
      const eventoId = `evt_${createHash('sha256').update(`${tenantId}:${fevRipsId}:espera:${desde.getTime()}`).digest('hex').slice(0, 32)}`;
      const evento: TEventoWebhook = { id: eventoId, tipo: EVENTO_SIN_RESPUESTA, creadoEn: new Date().toISOString(), data: await estadoPaquete(deps, { tenantId, userId: 0 }, fevRipsId) };
      const rows = await insertEntregas(deps.db, tenantId, hooks.map((h) => ({ webhookId: h.id, fevRipsId, eventoId, evento: evento.tipo, payload: evento })));
      await deps.jobs.enqueue('webhook-entregas', rows.map((r) => ({ tenantId, entregaId: r.id })));
    }
    await deps.jobs.send('aviso-espera-ministerio', [
      { id: jobIdOf(`aviso-espera:${tenantId}:${fevRipsId}:${desde.getTime()}`), startAfterS: deps.config.muvTransientAlertS, data: { tenantId, fevRipsId, desde: desde.toISOString() } },
    ]);
  } catch (err) {
    deps.log.warn({ err: String((err as Error).message ?? err), fevRipsId }, 'wait event not published');
  }
}

/**
 * The delayed check of a wait (the 'aviso-espera-ministerio' job): when the document still waits since `desde`, an
 * alert to each recipient of a Business tenant that asked for ERROR alerts (the ministry not answering is what ERROR
 * says too), once per wait (`clave`).
 */
export async function alertarEspera(deps: TDeps, tenantId: number, fevRipsId: number, desde: string): Promise<void> {
  const doc = await loadDoc(deps, { tenantId }, fevRipsId).catch(() => null);
  if (!doc?.reintentoDesde || doc.reintentoDesde.toISOString() !== desde) return;
  const alertas = await findAlertas(deps.db, tenantId);
  if (!alertas?.alertarError || (await tenantPlan(deps, tenantId)) !== 'business') return;
  const destinos = [
    ...alertas.correos.map((d) => ({ canal: 'correo' as const, destino: d })),
    ...(whatsappDisponible(deps) ? alertas.whatsapp.map((d) => ({ canal: 'whatsapp' as const, destino: d })) : []),
  ];
  const rows = await insertAlertaEnvios(deps.db, tenantId, destinos.map((d) => ({ ...d, fevRipsId, tipo: 'alerta' as const, clave: `espera:${desde}` })));
  await deps.jobs.enqueue('alerta-envios', rows.map((r) => ({ tenantId, envioId: r.id })));
}

/** The login-attempt account of an SFTP user (its counters are the web login's, another namespace: e-mails never hold ':'). */
export const cuentaSftp = (usuario: string) => `sftp:${usuario}`;

/** SFTP alerts this process already recorded, per database handle: only spares repeating the insert (the row decides). */
const sftpAvisadas = perDatabase(() => new Set<string>());

/**
 * Tells the tenant that its SFTP account `usuario` sees many wrong secrets (canal-sftp/server.ts calls this once the
 * account's failures within LOGIN_LOCKOUT_WINDOW_S reach LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES; the account is slowed,
 * never locked, so the owner must hear of it). One e-mail per login window to each administrator of the tenant and
 * each alert recipient it chose, queued as alert messages (delivered by the 'alerta-envios' queue like the rejection alerts,
 * whatever the plan: this is about the account's safety). The window's key collapses repeats across processes. Never
 * throws: a failure is logged and the login goes on.
 */
export async function alertarFallasSftp(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'jobs'>, tenantId: number, usuario: string): Promise<void> {
  const clave = `sftp:${usuario}:${Math.floor(Date.now() / (deps.config.loginLockoutWindowS * 1000))}`;
  const avisadas = sftpAvisadas(deps.db);
  if (avisadas.has(`${tenantId}:${clave}`)) return;
  try {
    const [admins, alertas] = await Promise.all([administratorEmails(deps.db, tenantId), findAlertas(deps.db, tenantId)]);
    const destinos = [...new Set([...admins, ...(alertas?.correos ?? [])].map((d) => d.trim().toLowerCase()).filter(Boolean))];
    const rows = await insertAlertaEnvios(deps.db, tenantId, destinos.map((destino) => ({ fevRipsId: null, tipo: 'seguridad' as const, canal: 'correo' as const, destino, clave })));
    avisadas.add(`${tenantId}:${clave}`);
    if (avisadas.size > 1_000) avisadas.clear();
    await deps.jobs.enqueue('alerta-envios', rows.map((r) => ({ tenantId, envioId: r.id })));
    if (rows.length) deps.log.warn({ event: 'sftp.fallas', tenantId, destinatarios: rows.length }, 'sftp: many failed logins, tenant alerted');
  } catch (err) {
    deps.log.warn({ err: String((err as Error).message ?? err), tenantId }, 'sftp failures alert not recorded');
  }
}

/** WhatsApp is reachable on this installation (the real Cloud API configured, or the local simulator). */
export const whatsappDisponible = (deps: Pick<TDeps, 'whatsapp'>) => deps.whatsapp !== null;

/** GET /api/integraciones/alertas: the settings (defaults before the first save), the plan's say and the latest messages. */
export async function leerAlertas(deps: TDeps, ctx: TCtx): Promise<TAlertasData> {
  const [row, plan, envios] = await Promise.all([findAlertas(deps.db, ctx.tenantId), tenantPlan(deps, ctx.tenantId), listAlertaEnvios(deps.db, ctx.tenantId, LOG_LIMIT)]);
  return {
    disponible: plan === 'business',
    whatsappDisponible: whatsappDisponible(deps),
    correos: row?.correos ?? [],
    whatsapp: row?.whatsapp ?? [],
    alertarNoAprobado: row?.alertarNoAprobado ?? true,
    alertarError: row?.alertarError ?? true,
    resumenDiario: row?.resumenDiario ?? false,
    envios: envios.map((e) => ({
      id: e.id,
      tipo: e.tipo as 'alerta' | 'resumen' | 'seguridad',
      canal: e.canal as 'correo' | 'whatsapp',
      destino: e.destino,
      fevRipsId: e.fevRipsId,
      estado: e.estado as 'PENDIENTE' | 'ENVIADO' | 'FALLIDO',
      intentos: e.intentos,
      ultimoError: e.ultimoError,
      creadoEn: e.creadoEn.toISOString(),
      enviadoEn: iso(e.enviadoEn),
    })),
  };
}

/**
 * PUT /api/integraciones/alertas: saves the recipients and choices (duplicates dropped). A Business feature: throws
 * PLAN_BUSINESS_REQUIRED (403) for another plan (seed 002 §1 'Alertas de rechazo por correo o WhatsApp').
 */
export async function guardarAlertas(deps: TDeps, ctx: TCtx, input: Required<TAlertasRequest>): Promise<TAlertasData> {
  if ((await tenantPlan(deps, ctx.tenantId)) !== 'business') throw new AppError('PLAN_BUSINESS_REQUIRED', MSG_AVISOS.alertasSoloBusiness);
  await upsertAlertas(deps.db, ctx.tenantId, {
    correos: [...new Set(input.correos)],
    whatsapp: [...new Set(input.whatsapp)],
    alertarNoAprobado: input.alertarNoAprobado,
    alertarError: input.alertarError,
    resumenDiario: input.resumenDiario,
  });
  return leerAlertas(deps, ctx);
}

/**
 * One attempt of alert message `envioId` (mail through deps.mailer, WhatsApp through the Cloud API client). Sent →
 * ENVIADO; otherwise recorded and, unless `last`, thrown for the queue to retry; FALLIDO on the last attempt.
 */
export async function deliverAlerta(deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'mailer' | 'jobs' | 'whatsapp'>, tenantId: number, envioId: number, opts: { last: boolean }): Promise<void> {
  const envio = await findAlertaEnvio(deps.db, tenantId, envioId);
  if (!envio || envio.estado !== 'PENDIENTE') return;
  const at = new Date();
  try {
    if (envio.tipo === 'seguridad') {
      const usuario = envio.clave.split(':')[1] ?? '';
      const { fallas, direcciones } = await accountFailureSummary(deps, cuentaSftp(usuario));
      await deps.mailer.send({
        to: envio.destino,
        ...sftpFallasMail({
          usuario,
          fallas,
          direcciones,
          minutos: Math.round(deps.config.loginLockoutWindowS / 60),
          maxPorDireccion: deps.config.loginLockoutMaxFailures,
          enlace: appUrl(deps, '/settings?tab=canales'),
        }),
      });
    } else if (envio.tipo === 'resumen') {
      const dia = envio.clave.replace(/^resumen:/, '');
      const { desde, hasta } = bogotaDayRange(dia);
      await deps.mailer.send({ to: envio.destino, ...resumenMail({ dia, conteos: await countStatusesBetween(deps.db, tenantId, desde, hasta), enlace: appUrl(deps, '/ministerio') }) });
    } else {
      const paquete = await estadoPaquete(deps, { tenantId, userId: 0 }, envio.fevRipsId!);
      const enlace = appUrl(deps, `/ministerio/${paquete.id}`);
      if (envio.canal === 'correo') await deps.mailer.send({ to: envio.destino, ...alertaMail(paquete, enlace) });
      else {
        if (!deps.whatsapp) throw new Error(MSG_AVISOS.whatsappNoConfigurado);
        await deps.whatsapp.sendTemplate(envio.destino, alertaWhatsappParams(paquete, enlace));
      }
    }
    await recordAlertaAttempt(deps.db, tenantId, envioId, { estado: 'ENVIADO', error: null, at });
  } catch (err) {
    const error = String((err as Error).message ?? err).slice(0, 500);
    await recordAlertaAttempt(deps.db, tenantId, envioId, { estado: opts.last ? 'FALLIDO' : 'PENDIENTE', error, at });
    if (!opts.last) throw new Error(`alert ${envioId} failed: ${error}`, { cause: err });
  }
}

/**
 * The daily summary: after ALERTAS_RESUMEN_HORA in Bogotá, each Business tenant that
 * asked for it gets, once per day across processes (a conditional update claims the day), an e-mail per recipient with
 * the day's documents by status. Returns how many tenants were summarised. `now` for tests.
 */
export async function enviarResumenesDiarios(deps: TDeps, now = new Date()): Promise<number> {
  const { dia, hora } = bogotaDay(now);
  if (hora < deps.config.alertasResumenHora) return 0;
  let sent = 0;
  for (const tenantId of await tenantsWithDailySummary(deps.db, dia)) {
    if ((await tenantPlan(deps, tenantId)) !== 'business') continue;
    if (!(await claimDailySummary(deps.db, tenantId, dia))) continue;
    const alertas = await findAlertas(deps.db, tenantId);
    const rows = await insertAlertaEnvios(
      deps.db,
      tenantId,
      (alertas?.correos ?? []).map((destino) => ({ fevRipsId: null, tipo: 'resumen' as const, canal: 'correo' as const, destino, clave: `resumen:${dia}` })),
    );
    await deps.jobs.enqueue('alerta-envios', rows.map((r) => ({ tenantId, envioId: r.id })));
    sent++;
  }
  return sent;
}

/** [start, end) of a Bogotá calendar day (Colombia has no daylight saving: 24 h). */
function bogotaDayRange(dia: string): { desde: Date; hasta: Date } {
  const desde = inicioDiaBogota(dia);
  return { desde, hasta: new Date(desde.getTime() + 86_400_000) };
}

/** An absolute link into the web app (PUBLIC_URL, or this server's local address). */
function appUrl(deps: Pick<TDeps, 'config'>, path: string): string {
  const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  return `${base.replace(/\/$/, '')}${path}`;
}
