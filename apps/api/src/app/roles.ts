import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../deps.ts';
import type { TAppParts } from './parts.ts';
import type { TWhatsappSim } from './deps.ts';
import { selfUrl } from './server.ts';
import { registerSpa } from '../plugins/spa.ts';
import { mailRoutes } from '../modules/mail/routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { providerRoutes } from '../modules/providers/routes.ts';
import { documentRoutes } from '../modules/documents/routes.ts';
import { systemRoutes } from '../modules/system/routes.ts';
import { geographyRoutes } from '../modules/geography/routes.ts';
import { chatRoutes } from '../modules/chat/routes.ts';
import { cuvRoutes } from '../modules/cuv/routes.ts';
import { integracionesRoutes } from '../modules/integraciones/routes.ts';
import { canalCorreoRoutes } from '../modules/canal-correo/routes.ts';
import { registerInboundMail } from '../modules/canal-correo/inbound.ts';
import { backupRoutes } from '../modules/backups/routes.ts';
import { ripsRoutes } from '../modules/rips/routes.ts';
import { notasRoutes } from '../modules/notas/routes.ts';
import { avisosRoutes } from '../modules/avisos/routes.ts';
import { usuariosRoutes } from '../modules/usuarios/routes.ts';
import { whatsappRoutes } from '../modules/whatsapp/routes.ts';
import { WHATSAPP_TEMPLATE_PARAMS } from '../modules/avisos/mensajes.ts';
import { WHATSAPP_CODE_TEMPLATE_PARAMS } from '../modules/whatsapp/respuestas.ts';
import { recoverInterruptedSends } from '../modules/documents/claims.ts';
import { productRoutes } from '../modules/products/routes.ts';
import { billingRoutes } from '../modules/billing/routes.ts';
import { repsRoutes } from '../modules/reps/routes.ts';
import { loadRepsSeedIfEmpty } from '../modules/reps/service.ts';
import { ensurePromoCoupon } from '../modules/billing/coupons.ts';
import { canalSftpRoutes } from '../modules/canal-sftp/routes.ts';
import { createCanalSftp } from '../modules/canal-sftp/server.ts';
import { sftpInfoRemota } from '../modules/canal-sftp/service.ts';
import type { TArbol } from '../modules/canal-sftp/tree.ts';
import { scheduleJobs } from '../modules/jobs/registry.ts';
import type { TJobRegistry } from '../modules/jobs/types.ts';

/** The SFTP server of the ingest role, or null (another process runs it, or SFTP_ENABLED is off). */
type TCanalSftp = ReturnType<typeof createCanalSftp> | null;

/**
 * The ingest role's SFTP server (docs/decisions/022): it listens once the process does and stops before the database
 * closes; its files are filed by jobs (any worker). Null without the role or with SFTP off.
 */
export function ingestSftp(app: FastifyInstance, deps: TDeps, arbol: TArbol): TCanalSftp {
  if (!deps.config.sftp.enabled || !deps.config.roles.includes('ingest')) return null;
  const canalSftp = createCanalSftp(deps, arbol);
  app.addHook('onListen', async () => {
    await canalSftp.start().catch((err: unknown) => app.log.error({ err }, 'sftp: the SFTP server could not start'));
  });
  app.addHook('preClose', async () => canalSftp.close());
  return canalSftp;
}

/**
 * The ingest role's e-mail channel (docs/decisions/023): the SMTP server and IMAP poll start once the process listens
 * and stop with it. Other roles answer `inboundSmtpPort()` with null.
 */
export function ingestMail(app: FastifyInstance, deps: TDeps): void {
  if (deps.config.roles.includes('ingest')) registerInboundMail(app, deps);
  else app.decorate('inboundSmtpPort', async () => null);
}

/**
 * Every HTTP route: /ping and /health (every role), and the API's modules (the api role). The settings read the SFTP
 * host key's fingerprint from this process's server, or from the database when another process runs it.
 */
export async function registerRoutes(app: FastifyInstance, deps: TDeps, canalSftp: TCanalSftp): Promise<void> {
  await app.register(async (scope) => {
    await systemRoutes(scope, deps);
    if (!deps.config.roles.includes('api')) return;
    const modulos = [
      authRoutes, geographyRoutes, providerRoutes, repsRoutes, documentRoutes, productRoutes, billingRoutes, mailRoutes,
      chatRoutes, cuvRoutes, integracionesRoutes,
      (s: FastifyInstance, d: TDeps) => canalSftpRoutes(s, d, canalSftp ?? sftpInfoRemota(d)),
      canalCorreoRoutes, backupRoutes, avisosRoutes, usuariosRoutes, whatsappRoutes, ripsRoutes, notasRoutes,
    ];
    // One after another, in this order (each module adds its own hooks to the scope).
    for (const modulo of modulos) await modulo(scope, deps);
  });
}

/**
 * The api role beyond its routes: the local simulators the entry point gave (ministry under /_sim/muv, payments under
 * /_sim/wompi, WhatsApp under /_sim/whatsapp), the promotional coupon, the bundled REPS extract on an empty table, and
 * the built SPA.
 */
export async function apiRole(app: FastifyInstance, deps: TDeps, parts: TAppParts, whatsappSim: TWhatsappSim | null, webDistDir: string): Promise<void> {
  await registerSimulators(app, deps, parts, whatsappSim);
  await ensurePromoCoupon(deps, deps.config.promoCouponCode);
  // A fresh install searches REPS providers at once: the bundled extract fills an empty table (docs/decisions/019).
  if (deps.config.repsSeed) await loadRepsSeedIfEmpty(deps);
  await registerSpa(app, deps.config.webDistDir ?? webDistDir);
}

/** Mount the simulators the configuration turns on. MUV_SIMULATOR on without the simulator given is an error. */
async function registerSimulators(app: FastifyInstance, deps: TDeps, parts: TAppParts, whatsappSim: TWhatsappSim | null) {
  const { config } = deps;
  const self = () => selfUrl(app, config);
  const stateFile = (name: string) => (config.pgliteDataDir === 'memory' ? null : join(config.dataDir, name));
  if (config.muvSimulator) {
    if (!parts.muvSimulator) throw new Error('MUV_SIMULATOR está activo pero el punto de entrada no entregó el simulador del Ministerio.');
    await app.register(parts.muvSimulator, { prefix: '/_sim/muv', stateFile: stateFile('muv-simulator.json'), controlHooks: config.muvSimulatorControl });
  }
  if (config.wompiSimulator && parts.wompiSimulator) {
    await app.register(parts.wompiSimulator, {
      prefix: '/_sim/wompi',
      ...deps.payments.keys,
      eventsUrl: () => `${self()}/api/payment/webhook`,
      stateFile: stateFile('wompi-simulator.json'),
      controlHooks: config.wompiSimulatorControl,
    });
  } else if (config.wompiSimulator) app.log.warn('WOMPI_SIMULATOR is on but the entry point gave no simulator: payments will fail');
  if (whatsappSim && parts.whatsappSimulator) {
    await app.register(parts.whatsappSimulator, {
      prefix: '/_sim/whatsapp',
      accessToken: whatsappSim.token,
      phoneNumberId: whatsappSim.phoneNumberId,
      templates: { [config.whatsapp.template]: WHATSAPP_TEMPLATE_PARAMS, [config.whatsapp.codeTemplate]: WHATSAPP_CODE_TEMPLATE_PARAMS },
      controlHooks: config.whatsapp.simulatorControl,
      webhookUrl: () => `${self()}/api/whatsapp/webhook`,
      appSecret: whatsappSim.appSecret,
      verifyToken: whatsappSim.verifyToken,
    });
  }
}

/**
 * The worker role: sends a previous process left mid-send are recovered at once (with PGlite this process owns the
 * database, so every claim left is a dead process's; with shared PostgreSQL only lapsed leases, SEND_LEASE_S without a
 * heartbeat, and the maintenance keeps checking every 10 s). The worker starts once the process listens (the
 * in-process simulator must answer), then the registry's cron schedules.
 */
export async function workerRole(app: FastifyInstance, deps: TDeps, registry: TJobRegistry): Promise<void> {
  const recovered = await recoverInterruptedSends(deps, { all: deps.dbKind === 'pglite' });
  if (recovered) app.log.warn({ recovered }, 'documents left mid-send by a previous process were recovered');
  app.addHook('onListen', async () => {
    await deps.jobs.startWorker();
    await scheduleJobs(deps.jobs, registry);
  });
}
