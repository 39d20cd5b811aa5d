import type { TPaqueteData } from '@radica/contracts/integraciones';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import { nombreResultadoMsps } from '@radica/contracts/muv';
import type { TDeps } from '../../deps.ts';
import { buildRespuestas } from '../documents/reports.ts';
import type { TResultadoArchivo } from '../documents/lote.ts';
import type { TArbol } from './tree.ts';

/**
 * The result files the SFTP channel writes into `resultados/` (the list of names is in processing.ts's comment; every
 * name comes from contracts' nombreResultadoMsps). Each has the ministry's answer fields plus a `Radica` object.
 */

export type TRadicaInfo = { archivos: string[]; fevRipsId: number | null; estado: string | null; mensaje: string; generadoEn: string };
export type THallazgoMuv = { Clase: string; Codigo: string; Descripcion: string; Observaciones: string; PathFuente: string; Fuente: string };
export type TResultadoMsps = {
  ResultState: boolean;
  ProcesoId: number | null;
  NumFactura: string | null;
  CodigoUnicoValidacion: string | null;
  FechaRadicacion: string | null;
  ResultadosValidacion: THallazgoMuv[];
  Radica: TRadicaInfo;
};

export const hallazgoMuv = (h: { clase: string; codigo: string; descripcion: string; observaciones: string; pathFuente: string; fuente: string }): THallazgoMuv => ({
  Clase: h.clase,
  Codigo: h.codigo,
  Descripcion: h.descripcion,
  Observaciones: h.observaciones,
  PathFuente: h.pathFuente,
  Fuente: h.fuente,
});

export const hallazgoRadica = (codigo: string, descripcion: string): THallazgoMuv => ({
  Clase: 'RECHAZADO',
  Codigo: codigo,
  Descripcion: descripcion,
  Observaciones: '',
  PathFuente: '',
  Fuente: 'Radica',
});

export type TInformes = ReturnType<typeof createInformes>;

/**
 * The writers of result files: `escribir` any result, `radica` the Radica object, `reportarArchivo` the findings of a
 * file that was not filed, `reportarYaRadicado` a file sent again, `reportarFinal` the result of a complete filed
 * document.
 */
export function createInformes(deps: TDeps, arbol: TArbol) {
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
    await escribir(tenantId, nombreResultadoMsps(r.formato ?? r.archivo, null, 'HALLAZGOS'), doc);
  }

  /**
   * A file sent again whose document already holds it: the document's facts, as the API's 409 gives them
   * (its NumFactura, CUV, process and filing date; ResultState true when the ministry approved it) and Radica's
   * message saying it is already radicated. Named as the document's own result (ResultadosMSPS_{formato}_…).
   */
  async function reportarYaRadicado(tenantId: number, r: TResultadoArchivo & { existente: NonNullable<TResultadoArchivo['existente']> }) {
    const e = r.existente;
    const mensaje = r.mensaje ?? '';
    await escribir(tenantId, nombreResultadoMsps(r.formato ?? r.archivo, e.procesoId, 'YA_RADICADO'), {
      ResultState: e.cuv !== null,
      ProcesoId: e.procesoId,
      NumFactura: r.formato,
      CodigoUnicoValidacion: e.cuv,
      FechaRadicacion: e.fechaRadicacion,
      ResultadosValidacion: [{ ...hallazgoRadica('YA_RADICADO', mensaje), Clase: 'NOTIFICACION' }],
      Radica: radica([r.archivo], e.fevRipsId, e.estado, mensaje),
    } satisfies TResultadoMsps);
  }

  /** The result file of a filed document that is complete (`todos`: every file it was filed from). */
  async function reportarFinal(tenantId: number, d: TPaqueteData, todos: string[], enviar: boolean) {
    const base = {
      ProcesoId: d.resultado?.procesoId ?? null,
      NumFactura: d.formato,
      CodigoUnicoValidacion: d.resultado?.cuv ?? null,
      FechaRadicacion: d.resultado?.fechaRadicacion ?? null,
    };
    if (d.envio === null) {
      await escribir(tenantId, nombreResultadoMsps(d.formato, null, 'RADICADO'), {
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
      await escribir(tenantId, nombreResultadoMsps(d.formato, base.ProcesoId, 'A_CUV'), respuesta);
      return;
    }
    if (d.resultado && (d.resultado.errores.length > 0 || d.resultado.procesoId)) {
      await escribir(tenantId, nombreResultadoMsps(d.formato, base.ProcesoId, 'R_HALLAZGOS'), {
        ResultState: false,
        ...base,
        ResultadosValidacion: [...d.resultado.errores, ...d.resultado.notificaciones].map(hallazgoMuv),
        Radica: radica(todos, d.id, d.estado, MSG_SFTP.rechazado),
      } satisfies TResultadoMsps);
      return;
    }
    const mensaje = MSG_SFTP.envioFallido(d.envio.mensaje || d.estado);
    await escribir(tenantId, nombreResultadoMsps(d.formato, null, 'HALLAZGOS'), {
      ResultState: false,
      ...base,
      ResultadosValidacion: [hallazgoRadica('ENVIO', mensaje), ...d.hallazgos.map(hallazgoMuv)],
      Radica: radica(todos, d.id, d.estado, mensaje),
    } satisfies TResultadoMsps);
  }

  return { escribir, radica, reportarArchivo, reportarYaRadicado, reportarFinal };
}
