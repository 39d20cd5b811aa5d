import type { TPaqueteData } from '@radica/contracts/integraciones';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { buildRespuestas } from '../documents/reports.ts';
import { radicarLote, type TArchivoEntrante, type TResultadoArchivo } from '../integraciones/lote.ts';
import { leerZipAislado, reservarDescompresion, type TReservaZip } from '../integraciones/zip.ts';
import { estadoPaquete } from '../integraciones/service.ts';
import { hasModule } from '../products/service.ts';
import { findOwnerUserId } from './repository.ts';
import { usuarioActivo } from './service.ts';
import type { TArbol } from './tree.ts';

/**
 * Filing what arrives in `entrada/` (issue 16 "SFTP channel"; DESIGN.md flow: upload → check → optional send →
 * result). A file is filed when its upload completes, through radicarLote (the web's upload path, channel 'sftp'),
 * sent when the tenant chose automatic sending, moved to `procesados/`, and answered in `resultados/`:
 *
 * - `ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json`: approved; the ministry's answer as it came.
 * - `ResultadosMSPS_{formato}_ID{procesoId}_R_HALLAZGOS.json`: the ministry did not approve it; its findings.
 * - `ResultadosMSPS_{formato}_NA_HALLAZGOS.json`: not sent: the file was refused (wrong tercero, invalid XML…) or the
 *   ministry could not be reached; Radica's findings (the file's name stands in for a formato it could not read).
 * - `ResultadosMSPS_{formato}_NA_RADICADO.json`: filed and complete, not sent (automatic sending off).
 * - `ResultadosMSPS_{formato}_NA_INCOMPLETO.json`: half a package still waiting after SFTP_PAIR_WAIT_S.
 *
 * Every Radica-written file has the ministry's answer fields (ResultState, ProcesoId, NumFactura,
 * CodigoUnicoValidacion, FechaRadicacion, ResultadosValidacion) plus a `Radica` object. A tenant's files are filed
 * one at a time (pairing never races); errors are logged and reported, never thrown out of the processor.
 */

type TRadicaInfo = { archivos: string[]; fevRipsId: number | null; estado: string | null; mensaje: string; generadoEn: string };
type THallazgoMuv = { Clase: string; Codigo: string; Descripcion: string; Observaciones: string; PathFuente: string; Fuente: string };
type TResultadoMsps = {
  ResultState: boolean;
  ProcesoId: number | null;
  NumFactura: string | null;
  CodigoUnicoValidacion: string | null;
  FechaRadicacion: string | null;
  ResultadosValidacion: THallazgoMuv[];
  Radica: TRadicaInfo;
};

/** A package half waiting for its other file (persisted beside the trees, so a restart still reports it). */
type TPendiente = { tenantId: number; fevRipsId: number; formato: string; archivos: string[]; desde: number };

const ESTADO_FILE = 'pendientes.json';

/** A formato or file name made safe for a result file name. */
export const nombreSeguro = (s: string) => s.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'archivo';

const hallazgoMuv = (h: { clase: string; codigo: string; descripcion: string; observaciones: string; pathFuente: string; fuente: string }): THallazgoMuv => ({
  Clase: h.clase,
  Codigo: h.codigo,
  Descripcion: h.descripcion,
  Observaciones: h.observaciones,
  PathFuente: h.pathFuente,
  Fuente: h.fuente,
});

const hallazgoRadica = (codigo: string, descripcion: string): THallazgoMuv => ({
  Clase: 'RECHAZADO',
  Codigo: codigo,
  Descripcion: descripcion,
  Observaciones: '',
  PathFuente: '',
  Fuente: 'Radica',
});

const espera = (s: number) => (s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);

export type TProcesador = ReturnType<typeof createProcesador>;

/**
 * The channel's processor: `recibido(tenantId, nombre)` queues entrada/`nombre` for filing; a timer reports packages
 * left half after `config.sftp.pairWaitS`. `close()` stops the timer and waits for queued work.
 */
export function createProcesador(deps: TDeps, arbol: TArbol) {
  const waitMs = deps.config.sftp.pairWaitS * 1000;
  const colas = new Map<number, Promise<void>>();
  const pendientes = new Map<string, TPendiente>();
  let cerrado = false;
  const clave = (tenantId: number, fevRipsId: number) => `${tenantId}:${fevRipsId}`;

  const cargado = arbol.leerEstado(ESTADO_FILE).then((texto) => {
    if (!texto) return;
    try {
      for (const p of JSON.parse(texto) as TPendiente[]) pendientes.set(clave(p.tenantId, p.fevRipsId), p);
    } catch {
      deps.log.warn({}, 'sftp: pending-files state unreadable; starting empty');
    }
  });
  const guardar = () => arbol.escribirEstado(ESTADO_FILE, JSON.stringify([...pendientes.values()]));

  /** Runs `trabajo` after the tenant's earlier work (one file of a tenant at a time); never rejects. */
  function encolar(tenantId: number, trabajo: () => Promise<void>): Promise<void> {
    const prev = colas.get(tenantId) ?? cargado;
    const next = prev.then(trabajo).catch((err: unknown) => deps.log.error({ err, tenantId }, 'sftp: processing failed'));
    colas.set(tenantId, next);
    void next.finally(() => {
      if (colas.get(tenantId) === next) colas.delete(tenantId);
    });
    return next;
  }

  const escribir = (tenantId: number, nombre: string, contenido: unknown) =>
    arbol.escribirResultado(tenantId, nombre, contenido).then((n) => deps.log.info({ tenantId, resultado: n }, 'sftp: result written'));

  const radica = (archivos: string[], fevRipsId: number | null, estado: string | null, mensaje: string): TRadicaInfo => ({
    archivos,
    fevRipsId,
    estado,
    mensaje,
    generadoEn: new Date().toISOString(),
  });

  /** A findings file for a file that was not filed (or could not be processed). */
  async function reportarArchivo(tenantId: number, r: Pick<TResultadoArchivo, 'archivo' | 'formato' | 'codigo' | 'mensaje'>) {
    const doc: TResultadoMsps = {
      ResultState: false,
      ProcesoId: null,
      NumFactura: r.formato,
      CodigoUnicoValidacion: null,
      FechaRadicacion: null,
      ResultadosValidacion: [hallazgoRadica(r.codigo ?? 'ERROR', r.mensaje ?? MSG_SFTP.errorInterno)],
      Radica: radica([r.archivo], null, null, r.mensaje ?? MSG_SFTP.errorInterno),
    };
    await escribir(tenantId, `ResultadosMSPS_${nombreSeguro(r.formato ?? r.archivo)}_NA_HALLAZGOS.json`, doc);
  }

  /** The result file of a filed document (or its wait, when it is half a package). */
  async function reportarDocumento(tenantId: number, d: TPaqueteData, archivos: string[], enviar: boolean) {
    const key = clave(tenantId, d.id);
    if (d.estado === 'PENDIENTE_RIPS' || d.estado === 'PENDIENTE_XML') {
      const prev = pendientes.get(key);
      pendientes.set(key, { tenantId, fevRipsId: d.id, formato: d.formato, archivos: [...(prev?.archivos ?? []), ...archivos], desde: prev?.desde ?? Date.now() });
      await guardar();
      return;
    }
    const antes = pendientes.get(key);
    if (antes) {
      pendientes.delete(key);
      await guardar();
    }
    const todos = [...(antes?.archivos ?? []), ...archivos];
    const f = nombreSeguro(d.formato);
    const base = {
      ProcesoId: d.resultado?.procesoId ?? null,
      NumFactura: d.formato,
      CodigoUnicoValidacion: d.resultado?.cuv ?? null,
      FechaRadicacion: d.resultado?.fechaRadicacion ?? null,
    };
    const id = base.ProcesoId ? `ID${base.ProcesoId}` : 'NA';
    if (d.envio === null) {
      await escribir(tenantId, `ResultadosMSPS_${f}_NA_RADICADO.json`, {
        ResultState: false,
        ...base,
        ResultadosValidacion: d.hallazgos.map(hallazgoMuv),
        Radica: radica(todos, d.id, d.estado, enviar ? MSG_SFTP.radicadoNoEnviado(d.estado) : MSG_SFTP.radicadoSinEnvio),
      } satisfies TResultadoMsps);
      return;
    }
    if (d.estado === 'APROBADO' && d.resultado?.cuv) {
      // The ministry's own answer, as it came (seed 001 §7: the answer file of 'Descargar Respuestas').
      const [row] = (await buildRespuestas(deps, { tenantId }, [d.formato])).datos;
      const respuesta =
        row && typeof row.respuesta === 'object' && row.respuesta !== null
          ? row.respuesta
          : { ResultState: true, ...base, ResultadosValidacion: d.resultado.notificaciones.map(hallazgoMuv) };
      await escribir(tenantId, `ResultadosMSPS_${f}_${id}_A_CUV.json`, respuesta);
      return;
    }
    if (d.resultado && (d.resultado.errores.length > 0 || d.resultado.procesoId)) {
      await escribir(tenantId, `ResultadosMSPS_${f}_${id}_R_HALLAZGOS.json`, {
        ResultState: false,
        ...base,
        ResultadosValidacion: [...d.resultado.errores, ...d.resultado.notificaciones].map(hallazgoMuv),
        Radica: radica(todos, d.id, d.estado, MSG_SFTP.rechazado),
      } satisfies TResultadoMsps);
      return;
    }
    const mensaje = MSG_SFTP.envioFallido(d.envio.mensaje || d.estado);
    await escribir(tenantId, `ResultadosMSPS_${f}_NA_HALLAZGOS.json`, {
      ResultState: false,
      ...base,
      ResultadosValidacion: [hallazgoRadica('ENVIO', mensaje), ...d.hallazgos.map(hallazgoMuv)],
      Radica: radica(todos, d.id, d.estado, mensaje),
    } satisfies TResultadoMsps);
  }

  /** Files entrada/`nombre` of the tenant (see the module's comment). */
  async function procesar(tenantId: number, nombre: string): Promise<void> {
    const bytes = await arbol.leerEntrada(tenantId, nombre);
    if (!bytes) return; // already taken by an earlier close of the same name
    let reserva: TReservaZip | null = null;
    try {
      const usuario = await usuarioActivo(deps, tenantId);
      const userId = await findOwnerUserId(deps.db, tenantId);
      if (!userId || !(await hasModule(deps, tenantId, 'ministerio'))) {
        await arbol.moverAProcesados(tenantId, nombre);
        await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: 'MODULE_REQUIRED', mensaje: MSG_SFTP.moduloRequerido });
        return;
      }
      const enviar = usuario?.envioAutomatico ?? false;
      // A ZIP is filed as the XML and JSON files it holds, with the e-mail channel's checks (integraciones/zip.ts),
      // inflated in the worker pool within the tenant's in-flight budget (issue 24 item 2), held until filed.
      let archivos: TArchivoEntrante[] = [{ filename: nombre, bytes }];
      if (/\.zip$/i.test(nombre)) {
        reserva = await reservarDescompresion(tenantId);
        const zip = await leerZipAislado(deps.analysis, nombre, bytes);
        reserva.ajustar(zip.ok ? zip.archivos.reduce((n, f) => n + f.bytes.length, 0) : 0);
        if (!zip.ok) {
          await arbol.moverAProcesados(tenantId, nombre);
          await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: 'ZIP', mensaje: zip.mensaje });
          return;
        }
        for (const o of zip.omitidas) await reportarArchivo(tenantId, { archivo: o.archivo, formato: null, codigo: o.resultado, mensaje: o.mensaje });
        archivos = zip.archivos;
      }
      const lote = await radicarLote(deps, { tenantId, userId }, archivos, { canal: 'sftp', enviar });
      const procesado = (await arbol.moverAProcesados(tenantId, nombre)) ?? nombre;
      const esZip = archivos[0]?.filename !== nombre;
      for (const r of lote.archivos) if (r.codigo) await reportarArchivo(tenantId, { ...r, archivo: esZip ? `${procesado}/${r.archivo}` : procesado });
      for (const d of lote.documentos) await reportarDocumento(tenantId, d, [procesado], enviar);
    } catch (err) {
      deps.log.error({ err, tenantId, archivo: nombre }, 'sftp: a received file could not be processed');
      await arbol.moverAProcesados(tenantId, nombre).catch(() => null);
      const mensaje = err instanceof AppError ? err.message : MSG_SFTP.errorInterno;
      await reportarArchivo(tenantId, { archivo: nombre, formato: null, codigo: err instanceof AppError ? err.code : 'ERROR', mensaje });
    } finally {
      reserva?.liberar();
    }
  }

  /** The INCOMPLETO report of a package still half after the wait (nothing when it was completed meanwhile). */
  async function revisarPendiente(p: TPendiente): Promise<void> {
    const key = clave(p.tenantId, p.fevRipsId);
    if (!pendientes.has(key)) return;
    pendientes.delete(key);
    await guardar();
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
    const mensaje = MSG_SFTP.incompleto(falta, espera(deps.config.sftp.pairWaitS));
    await escribir(p.tenantId, `ResultadosMSPS_${nombreSeguro(d.formato)}_NA_INCOMPLETO.json`, {
      ResultState: false,
      ProcesoId: null,
      NumFactura: d.formato,
      CodigoUnicoValidacion: null,
      FechaRadicacion: null,
      ResultadosValidacion: [hallazgoRadica(d.estado, mensaje), ...d.hallazgos.map(hallazgoMuv)],
      Radica: radica(p.archivos, d.id, d.estado, mensaje),
    } satisfies TResultadoMsps);
  }

  const tickMs = Math.min(30_000, Math.max(250, Math.floor(waitMs / 4)));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const p of pendientes.values()) if (now - p.desde >= waitMs) void encolar(p.tenantId, () => revisarPendiente(p));
  }, tickMs);
  timer.unref();

  return {
    /** Queues entrada/`nombre` of the tenant for filing. */
    recibido(tenantId: number, nombre: string): void {
      if (cerrado) return;
      void encolar(tenantId, () => procesar(tenantId, nombre));
    },
    /** Reports a file the server refused before it reached entrada/ (too large) with a findings file. */
    rechazado(tenantId: number, archivo: string, codigo: string, mensaje: string): void {
      if (cerrado) return;
      void encolar(tenantId, () => reportarArchivo(tenantId, { archivo, formato: null, codigo, mensaje }));
    },
    /** Resolves once every queued file is done (tests and shutdown). */
    async inactivo(): Promise<void> {
      while (colas.size) await Promise.allSettled([...colas.values()]);
    },
    async close(): Promise<void> {
      cerrado = true;
      clearInterval(timer);
      await this.inactivo();
    },
  };
}
