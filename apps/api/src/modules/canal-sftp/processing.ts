import type { TPaqueteData } from '@radica/contracts/integraciones';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import { nombreResultadoMsps } from '@radica/contracts/muv';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { radicarLote, type TArchivoEntrante } from '../documents/lote.ts';
import { leerZipAislado, reservarDescompresion, type TReservaZip } from '../documents/zip.ts';
import { estadoPaquete } from '../integraciones/service.ts';
import { hasModule } from '../products/service.ts';
import { clearPendiente, countPendientes, deletePendiente, findOwnerUserId, findPendiente, findPendientesAllTenants, upsertPendiente } from './repository.ts';
import { usuarioActivo } from './service.ts';
import { esNombreTemporal, type TArbol } from './tree.ts';
import { jobIdOf } from '../jobs/job-ids.ts';
import type { TJobData } from '../jobs/catalog.ts';
import { createInformes, hallazgoMuv, hallazgoRadica, type TResultadoMsps } from './resultados.ts';

/**
 * Filing what arrives in `entrada/` (DESIGN.md flow: upload → check → optional send →
 * result). A file is filed when its upload completes, through radicarLote (the web's upload path, channel 'sftp'),
 * sent when the tenant chose automatic sending, moved to `procesados/`, and answered in `resultados/`:
 *
 * - `ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json`: approved; the ministry's answer as it came.
 * - `ResultadosMSPS_{formato}_ID{procesoId}_R_HALLAZGOS.json`: the ministry did not approve it; its findings.
 * - `ResultadosMSPS_{formato}_NA_HALLAZGOS.json`: not sent: the file was refused (wrong tercero, invalid XML…) or the
 *   ministry could not be reached; Radica's findings (the file's name stands in for a formato it could not read).
 * - `ResultadosMSPS_{formato}_NA_RADICADO.json`: filed and complete, not sent (automatic sending off).
 * - `ResultadosMSPS_{formato}_NA_INCOMPLETO.json`: half a package still waiting after SFTP_PAIR_WAIT_S.
 * - `ResultadosMSPS_{formato}_ID{procesoId}_YA_RADICADO.json` (`NA` without a process): a file sent again whose
 * document already holds it: its CUV when approved.
 * Every name comes from contracts' nombreResultadoMsps, the ministry's naming (the list's ZIP of answers uses it too).
 *
 * Every Radica-written file has the ministry's answer fields (ResultState, ProcesoId, NumFactura,
 * CodigoUnicoValidacion, FechaRadicacion, ResultadosValidacion) plus a `Radica` object. A tenant's files are filed
 * one at a time across every process (the tenant's channel lock: pairing never races); errors are logged and
 * reported, never thrown out of the processor.
 *
 * Durable (docs/decisions/029): a file is stored in the database (`pendiente`) and its job enqueued
 * before the client's CLOSE is answered OK; the job (`sftp-archivo`) files it on any worker, after any crash; a sweep
 * every minute (`sftp-barrido`) enqueues again an accepted file whose job was never created. A half package's wait is
 * a row (`sftp_pendientes`) and a delayed job (`sftp-incompleto`, one per wait: its id is derived from it).
 */


/** A half package's wait as its delayed job carries it (`desde`: ISO time of its first file). */
type TEsperaJob = TJobData<'sftp-incompleto'>;

const espera = (s: number) => (s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);

export type TProcesador = ReturnType<typeof createProcesador>;

/** Enqueue the filing of accepted file `archivoId` (its job id is derived from the file's row: enqueued once). */
export async function encolarArchivo(deps: TDeps, tenantId: number, archivoId: number, modificadoEn: Date): Promise<void> {
  await deps.jobs.send('sftp-archivo', [{ id: jobIdOf(`sftp-archivo:${archivoId}:${modificadoEn.getTime()}`), data: { tenantId, archivoId } }]);
}

/** The 'sftp-barrido' job (pg-boss cron, every minute; jobs/registry.ts): accepted files of a minute ago without a job get one. */
export async function barrerArchivosSftp(deps: TDeps): Promise<void> {
  for (const f of await findPendientesAllTenants(deps.db, new Date(Date.now() - 60_000))) await encolarArchivo(deps, f.tenantId, f.id, f.modificadoEn);
}

/**
 * The channel's processor: `procesarArchivo` files a received file (a job), `revisarEspera` writes the INCOMPLETO
 * report of a wait that is over (a job), `rechazado` reports a file refused before it was stored.
 */
export function createProcesador(deps: TDeps, arbol: TArbol) {
  const waitS = deps.config.sftp.pairWaitS;
  const { escribir, radica, reportarArchivo, reportarYaRadicado, reportarFinal } = createInformes(deps, arbol);

  /** The result file of a filed document, or its wait when it is half a package. */
  async function reportarDocumento(tenantId: number, d: TPaqueteData, archivos: string[], enviar: boolean) {
    if (d.estado === 'PENDIENTE_RIPS' || d.estado === 'PENDIENTE_XML') {
      const espera = await upsertPendiente(deps.db, tenantId, d.id, d.formato, archivos);
      const desde = espera.desde.toISOString();
      // One delayed job per wait (its id is derived from it): a second half file of the same wait adds nothing.
      await deps.jobs.send('sftp-incompleto', [
        { id: jobIdOf(`sftp-incompleto:${tenantId}:${d.id}:${desde}`), startAfterS: waitS, data: { tenantId, fevRipsId: d.id, desde } },
      ]);
      return;
    }
    const antes = await deletePendiente(deps.db, tenantId, d.id);
    await reportarFinal(tenantId, d, [...(antes?.archivos ?? []), ...archivos], enviar);
  }

  /** Files entrada/`nombre` (row `id`, its `bytes`) of the tenant (see the module's comment). */
  async function procesar(tenantId: number, id: number, nombre: string, bytes: Buffer, reintento = false): Promise<void> {
    let reserva: TReservaZip | null = null;
    try {
      const usuario = await usuarioActivo(deps, tenantId);
      const userId = await findOwnerUserId(deps.db, tenantId);
      if (!userId || !(await hasModule(deps, tenantId, 'ministerio'))) {
        await arbol.moverAProcesados(tenantId, id, nombre);
        await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: 'MODULE_REQUIRED', mensaje: MSG_SFTP.moduloRequerido });
        return;
      }
      const enviar = usuario?.envioAutomatico ?? false;
      // A ZIP is filed as the XML and JSON files it holds, with the e-mail channel's checks (documents/zip.ts),
      // inflated in the worker pool within the tenant's in-flight budget, held until filed.
      let archivos: TArchivoEntrante[] = [{ filename: nombre, bytes }];
      if (/\.zip$/i.test(nombre)) {
        reserva = await reservarDescompresion(deps.db, tenantId);
        const zip = await leerZipAislado(deps.analysis, nombre, bytes);
        reserva.ajustar(zip.ok ? zip.archivos.reduce((n, f) => n + f.bytes.length, 0) : 0);
        if (!zip.ok) {
          await arbol.moverAProcesados(tenantId, id, nombre);
          await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: 'ZIP', mensaje: zip.mensaje });
          return;
        }
        for (const o of zip.omitidas) await reportarArchivo(tenantId, { archivo: o.archivo, formato: null, codigo: o.resultado, mensaje: o.mensaje });
        archivos = zip.archivos;
      }
      const lote = await radicarLote(deps, { tenantId, userId }, archivos, { canal: 'sftp', enviar, reintento });
      const procesado = (await arbol.moverAProcesados(tenantId, id, nombre)) ?? nombre;
      const esZip = archivos[0]?.filename !== nombre;
      for (const r of lote.archivos) {
        const archivo = esZip ? `${procesado}/${r.archivo}` : procesado;
        if (r.existente) await reportarYaRadicado(tenantId, { ...r, existente: r.existente, archivo });
        else if (r.codigo) await reportarArchivo(tenantId, { ...r, archivo });
      }
      for (const d of lote.documentos) await reportarDocumento(tenantId, d, [procesado], enviar);
    } catch (err) {
      deps.log.error({ err, tenantId, archivo: nombre }, 'sftp: a received file could not be processed');
      await arbol.moverAProcesados(tenantId, id, nombre).catch(() => null);
      const mensaje = err instanceof AppError ? err.message : MSG_SFTP.errorInterno;
      await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: err instanceof AppError ? err.code : 'ERROR', mensaje });
    } finally {
      reserva?.liberar();
    }
  }

  /** The INCOMPLETO report of a wait that is over (nothing when the package was completed, or a newer wait began). */
  async function revisarPendiente(e: TEsperaJob): Promise<void> {
    const actual = await findPendiente(deps.db, e.tenantId, e.fevRipsId);
    if (!actual || actual.desde.toISOString() !== e.desde) return;
    const p = await deletePendiente(deps.db, e.tenantId, e.fevRipsId);
    if (!p) return;
    const userId = await findOwnerUserId(deps.db, p.tenantId);
    if (!userId) return;
    let d: TPaqueteData;
    try {
      d = await estadoPaquete(deps, { tenantId: p.tenantId, userId }, p.fevRipsId);
    } catch (err) {
      if (err instanceof AppError) return; // the document is gone
      throw err;
    }
    if (d.estado !== 'PENDIENTE_RIPS' && d.estado !== 'PENDIENTE_XML') return;
    const falta = d.estado === 'PENDIENTE_RIPS' ? MSG_SFTP.faltaJson : MSG_SFTP.faltaXml;
    const mensaje = MSG_SFTP.incompleto(falta, espera(waitS));
    await escribir(p.tenantId, nombreResultadoMsps(d.formato, null, 'INCOMPLETO'), {
      ResultState: false,
      ProcesoId: null,
      NumFactura: d.formato,
      CodigoUnicoValidacion: null,
      FechaRadicacion: null,
      ResultadosValidacion: [hallazgoRadica(d.estado, mensaje), ...d.hallazgos.map(hallazgoMuv)],
      Radica: radica(p.archivos, d.id, d.estado, mensaje),
    } satisfies TResultadoMsps);
  }

  return {
    /** Files accepted file `archivoId` of the tenant, under the tenant's channel lock; nothing when already filed. */
    async procesarArchivo(tenantId: number, archivoId: number, reintento = false): Promise<void> {
      await deps.canalLocks.run(tenantId, async () => {
        const a = await arbol.leerPorId(tenantId, archivoId);
        if (!a || !a.pendiente) return;
        // A temporary name waits for its rename (which accepts it again under its final name).
        if (a.carpeta === 'entrada' && !esNombreTemporal(a.nombre)) await procesar(tenantId, a.id, a.nombre, a.contenido, reintento);
        await clearPendiente(deps.db, tenantId, a.id);
      });
    },
    /** The INCOMPLETO check of a wait, under the tenant's channel lock. */
    revisarEspera: (e: TEsperaJob) => deps.canalLocks.run(e.tenantId, () => revisarPendiente(e)),
    /** Reports a file the server refused before it reached entrada/ (too large) with a findings file. */
    rechazado(tenantId: number, archivo: string, codigo: string, mensaje: string): Promise<void> {
      return reportarArchivo(tenantId, { archivo, formato: null, codigo, mensaje }).catch((err: unknown) => deps.log.error({ err, tenantId }, 'sftp: refusal not reported'));
    },
    /** Resolves once no accepted file waits for filing (tests). */
    async inactivo(timeoutMs = 60_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while ((await countPendientes(deps.db)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    },
  };
}
