import { z } from 'zod';

/**
 * Every queue's name and the zod schema of its jobs' data (docs/decisions/054): the one list of queue names. Modules
 * enqueue with these names (`deps.jobs.enqueue('webhook-entregas', …)`, typed by the schema); registry.ts gives each
 * its handler, retry policy and schedule; the worker parses each job's data with its schema before the handler runs.
 * A leaf file (zod only): modules that enqueue and the queue's types import it without importing any module back.
 */

const id = z.number().int();
/** A cron job's data: pg-boss's schedule sends `{}`. */
const cron = z.object({});

export const JOB_PAYLOADS = {
  /** One document send (bulk, verification, interactive, the automatic retry of a wait; documents/send-job.ts). */
  'envio-fevrips': z.object({
    tenantId: id,
    userId: id,
    fevRipsId: id,
    /**
     * An automatic retry of a send the ministry answered with no verdict (documents/espera.ts): it sends only while
     * the document still waits for this retry. Absent for a user's or a bulk send.
     */
    reintento: z.object({ desde: z.string(), numero: z.number().int() }).optional(),
    /** A user waits for the answer (the web's single send, the API channel): its end is announced (waitForJob). */
    notificar: z.boolean().optional(),
  }),
  /** One signed webhook delivery (avisos/webhooks.ts). */
  'webhook-entregas': z.object({ tenantId: id, entregaId: id }),
  /** One rejection alert by e-mail or WhatsApp (avisos/service.ts deliverAlerta). */
  'alerta-envios': z.object({ tenantId: id, envioId: id }),
  /** The delayed alert of a wait for the ministry (docs/decisions/047); `desde`: ISO time the wait began. */
  'aviso-espera-ministerio': z.object({ tenantId: id, fevRipsId: id, desde: z.string() }),
  /** The daily summary of sends (cron every 15 min from ALERTAS_RESUMEN_HORA; each tenant's day claimed once). */
  'resumen-diario': cron,
  /** One inbound WhatsApp message for the assistant (whatsapp/service.ts procesarMensaje). */
  'whatsapp-entrantes': z.object({ mensajeId: id }),
  /** The daily backup and its retention (cron at BACKUP_HOUR; backups/schedule.ts). */
  'copia-diaria': cron,
  /** The minute's sweep of abandoned sales and held coupon uses (docs/decisions/045). */
  'ventas-vencidas': cron,
  /** Filing one file the SFTP channel accepted (docs/decisions/029). */
  'sftp-archivo': z.object({ tenantId: id, archivoId: id }),
  /** The INCOMPLETO report of half a package whose wait is over; `desde`: ISO time of its first file. */
  'sftp-incompleto': z.object({ tenantId: id, fevRipsId: id, desde: z.string() }),
  /** The minute's sweep of accepted SFTP files without a job. */
  'sftp-barrido': cron,
  /** Processing one message the e-mail channel accepted, for each tenant it was addressed to. */
  'correo-entrante': z.object({ correoId: id }),
  /** The minute's sweep of accepted e-mails without a job. */
  'correo-barrido': cron,
} as const satisfies Record<string, z.ZodType<object>>;

/** A queue's name. */
export type TJobName = keyof typeof JOB_PAYLOADS;
/** The data of a job of queue `N`. */
export type TJobData<N extends TJobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

/** The bulk/verification/interactive send queue: one job per document send, any tenant. */
export const SEND_QUEUE = 'envio-fevrips' satisfies TJobName;
/** pg-boss's cron time zone for every schedule (Colombia, no daylight saving). */
export const CRON_TZ = 'America/Bogota';
