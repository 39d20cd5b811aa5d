import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { TResultadoValidacion } from '@radica/contracts/muv';

export type { TResultadoValidacion };

/** `PeriodoAtencion` of an accepted answer (field names as in a real result, §1.5). */
export type TPeriodoAtencion = { FechaInicio: string | null; FechaFin: string | null };

/** What `ConsultarCUV` answers about an accepted package (§1.6 `ConsultaCUVDTO`, camelCase here). */
export type TDatosConsulta = {
  tipoDocumento: string | null;
  numDocumentoIdObligado: string | null;
  numeroDocumento: string | null;
  fechaEmision: string | null;
  totalFactura: number;
  cantidadUsuarios: number;
  cantidadAtenciones: number;
  totalValorServicios: number;
  identificacionAdquiriente: string | null;
  codigoPrestador: string | null;
  modalidadPago: string | null;
  numDocumentoReferenciado: string | null;
};

/** An accepted package as remembered by the simulator (and written to the state file). */
export type TPaqueteAceptado = {
  /** `packageKey(nit, numFactura, tipoNota, numNota)`. */
  key: string;
  /** Canonical endpoint name, e.g. `CargarFevRips`. */
  endpoint: string;
  procesoId: number;
  /** 96 lowercase hex characters. */
  cuv: string;
  fechaRadicacion: string;
  numFactura: string | null;
  modalidadPago: string | null;
  periodoAtencion: TPeriodoAtencion | null;
  consulta: TDatosConsulta;
  /** The NOTIFICACION findings returned with the acceptance. */
  resultados: TResultadoValidacion[];
};

type TStateFile = { version: 1; lastProcesoId: number; paquetes: TPaqueteAceptado[] };

/**
 * The identity of a package for duplicate detection (RVG18): obligated party's NIT, invoice
 * number, note type and note number; absent parts count as `''`.
 */
export function packageKey(
  nit: string,
  numFactura: string | null,
  tipoNota: string | null,
  numNota: string | null,
): string {
  return [nit, numFactura ?? '', tipoNota ?? '', numNota ?? ''].map((part) => part.trim()).join('|');
}

/**
 * Accepted packages and the `ProcesoId` counter, in memory, optionally mirrored to a JSON file.
 * Reads and inserts are synchronous so a duplicate check and the insert that follows it can
 * never interleave with another request; `persist()` then writes the whole state atomically
 * (temporary file + rename), one write at a time.
 * Two live instances sharing one file do not see each other's changes (load happens at start).
 */
export class MuvStateStore {
  private readonly byKey = new Map<string, TPaqueteAceptado>();
  private readonly byCuv = new Map<string, TPaqueteAceptado>();
  private lastProcesoId = 0;
  private writeChain: Promise<void> = Promise.resolve();

  constructor(private readonly stateFile: string | null) {}

  /**
   * Loads the state file when there is one. A missing file means an empty state.
   * @throws Error when the file exists but is not a state file written by this simulator.
   */
  async load(): Promise<void> {
    if (!this.stateFile) return;
    let text: string;
    try {
      text = await readFile(this.stateFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<TStateFile>;
    if (parsed.version !== 1 || !Array.isArray(parsed.paquetes) || typeof parsed.lastProcesoId !== 'number') {
      throw new Error(`muv-simulator: ${this.stateFile} no es un archivo de estado válido del simulador`);
    }
    this.clearMemory();
    this.lastProcesoId = parsed.lastProcesoId;
    for (const paquete of parsed.paquetes) this.index(paquete);
  }

  findByKey(key: string): TPaqueteAceptado | undefined {
    return this.byKey.get(key);
  }

  /** Looks a CUV up case-insensitively (clients may send it in uppercase, §1.7). */
  findByCuv(cuv: string): TPaqueteAceptado | undefined {
    return this.byCuv.get(cuv.trim().toLowerCase());
  }

  /** Reserves the next `ProcesoId` (1, 2, 3…; persisted with the packages). */
  nextProcesoId(): number {
    this.lastProcesoId += 1;
    return this.lastProcesoId;
  }

  /** Remembers an accepted package (synchronous; call `persist()` afterwards). */
  add(paquete: TPaqueteAceptado): void {
    this.index(paquete);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Forgets every package and restarts `ProcesoId` at 1; the file is rewritten empty. */
  async reset(): Promise<void> {
    this.clearMemory();
    await this.persist();
  }

  /** Writes the current state to the state file (no-op in memory-only mode). */
  persist(): Promise<void> {
    const file = this.stateFile;
    if (!file) return Promise.resolve();
    const snapshot: TStateFile = {
      version: 1,
      lastProcesoId: this.lastProcesoId,
      paquetes: [...this.byKey.values()],
    };
    const text = JSON.stringify(snapshot, null, 2);
    const write = async (): Promise<void> => {
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, text, 'utf8');
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    };
    const next = this.writeChain.then(write, write);
    this.writeChain = next.catch(() => undefined);
    return next;
  }

  private index(paquete: TPaqueteAceptado): void {
    this.byKey.set(paquete.key, paquete);
    this.byCuv.set(paquete.cuv.toLowerCase(), paquete);
  }

  private clearMemory(): void {
    this.byKey.clear();
    this.byCuv.clear();
    this.lastProcesoId = 0;
  }
}
