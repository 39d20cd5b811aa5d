import type { TDeps } from '../../deps.ts';
import { runSendJob } from '../documents/send-job.ts';
import { recoverInterruptedSends } from '../documents/claims.ts';
import { programarEsperasVencidas } from '../documents/espera.ts';
import { alertarEspera, deliverAlerta, enviarResumenesDiarios } from '../avisos/service.ts';
import { deliverWebhook } from '../avisos/webhooks.ts';
import { procesarMensaje } from '../whatsapp/service.ts';
import { runDailyBackup } from '../backups/schedule.ts';
import { liberarVentasVencidas } from '../billing/jobs.ts';
import { barrerArchivosSftp, createProcesador } from '../canal-sftp/processing.ts';
import type { TArbol } from '../canal-sftp/tree.ts';
import { barrerCorreos, procesarCorreoEntrante } from '../canal-correo/service.ts';
import { sendEnded } from './sends.ts';
import type { TJobQueue, TJobRegistry } from './types.ts';

/** Every minute (pg-boss cron). */
const EVERY_MINUTE = '* * * * *';

/**
 * The job registry (docs/decisions/054): every queue of catalog.ts with its retry policy, places per worker process,
 * handler and schedule (pg-boss cron, Bogotá time). A queue missing here, or a handler whose data does not match the
 * catalog's schema, does not compile. Every role registers every queue (a producer creates the queue it sends to);
 * only worker processes run them. `arbolSftp`: the SFTP channel's file tree its jobs file from.
 */
export function jobRegistry(deps: TDeps, arbolSftp: TArbol): TJobRegistry {
  const { config } = deps;
  const sftp = createProcesador(deps, arbolSftp);
  const webhookPolicy = { retryLimit: config.webhookRetries, retryDelayS: config.webhookRetryDelayS };
  return {
    'envio-fevrips': {
      retryLimit: 5,
      retryDelayS: 2,
      concurrency: config.jobsConcurrency,
      run: (data, meta) => runSendJob(deps, data, meta),
      ended: (jobId) => sendEnded(deps.db, jobId),
    },
    'webhook-entregas': { ...webhookPolicy, run: (d, meta) => deliverWebhook(deps, d.tenantId, d.entregaId, meta) },
    'alerta-envios': { ...webhookPolicy, run: (d, meta) => deliverAlerta(deps, d.tenantId, d.envioId, meta) },
    'aviso-espera-ministerio': { retryLimit: 5, retryDelayS: 30, run: (d) => alertarEspera(deps, d.tenantId, d.fevRipsId, d.desde) },
    // Every 15 min from ALERTAS_RESUMEN_HORA; each tenant's day is claimed once across processes, so a missed run is
    // caught up by the next.
    'resumen-diario': {
      retryLimit: 2,
      retryDelayS: 60,
      schedule: `*/15 ${config.alertasResumenHora}-23 * * *`,
      run: async () => {
        await enviarResumenesDiarios(deps);
      },
    },
    'whatsapp-entrantes': { retryLimit: 4, retryDelayS: 5, run: (d) => procesarMensaje(deps, d.mensajeId) },
    // runDailyBackup keeps its advisory lock and recent-backup check, for a run started by hand meanwhile.
    'copia-diaria': { retryLimit: 1, retryDelayS: 300, schedule: config.backupSchedule ? `0 ${config.backupHour} * * *` : null, run: () => runDailyBackup(deps) },
    'ventas-vencidas': { retryLimit: 0, retryDelayS: 60, schedule: EVERY_MINUTE, run: () => liberarVentasVencidas(deps) },
    'sftp-archivo': { retryLimit: 5, retryDelayS: 3, concurrency: 4, run: (d, meta) => sftp.procesarArchivo(d.tenantId, d.archivoId, meta.attempt > 0) },
    'sftp-incompleto': { retryLimit: 5, retryDelayS: 10, concurrency: 2, run: (d) => sftp.revisarEspera(d) },
    'sftp-barrido': { retryLimit: 0, retryDelayS: 60, schedule: EVERY_MINUTE, run: () => barrerArchivosSftp(deps) },
    'correo-entrante': { retryLimit: 5, retryDelayS: 3, concurrency: 4, run: (d, meta) => procesarCorreoEntrante(deps, d.correoId, meta) },
    'correo-barrido': { retryLimit: 0, retryDelayS: 60, schedule: EVERY_MINUTE, run: () => barrerCorreos(deps) },
  };
}

/**
 * The worker's maintenance beat (every 10 s): claims whose lease lapsed (a dead process's sends) go back to their
 * status (docs/decisions/011); waits for the ministry whose retry is overdue and unqueued get it queued
 * (docs/decisions/048).
 */
export async function maintainSends(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'jobs' | 'avisos'>): Promise<void> {
  await recoverInterruptedSends(deps);
  await programarEsperasVencidas(deps);
}

/** Give the registry's cron schedules to pg-boss (worker processes, once they listen); a null schedule is removed. */
export async function scheduleJobs(jobs: TJobQueue, registry: TJobRegistry): Promise<void> {
  for (const [name, def] of Object.entries(registry) as Array<[keyof TJobRegistry, TJobRegistry[keyof TJobRegistry]]>) {
    if (def.schedule) await jobs.schedule(name, def.schedule);
    else if (def.schedule === null) await jobs.boss.unschedule(name).catch(() => undefined);
  }
}
