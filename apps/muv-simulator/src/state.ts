import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
  /** The XML's CUFE/CUDE (null without an XML); a re-send's RVG02 + RVG18 answer quotes it. Absent in older files. */
  cufe?: string | null;
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

/** How long a state-file lock may be held before another process takes it for stale (ms). */
const LOCK_STALE_MS = 10_000;
/** Longest wait for another process's lock on the state file (ms). */
const LOCK_WAIT_MS = 15_000;

/**
 * Accepted packages and the `ProcesoId` counter, in memory, optionally kept in a JSON file.
 * Within a process, `transaction` runs one change at a time, so a duplicate check and the insert that follows it can
 * never interleave with another request. With a state file, several simulator instances may share it (every API
 * process of a cluster mounts one; like the ministry, they must be one service): a transaction holds the file's lock
 * (`<file>.lock`, created exclusively), reads the file again when another instance changed it, and writes it before
 * letting go. Without that, each instance answered from its own memory, and a package accepted by one was accepted
 * again by the other with a new ProcesoId and no RVG18 (docs/decisions/048).
 */
export class MuvStateStore {
  private readonly byKey = new Map<string, TPaqueteAceptado>();
  private readonly byCuv = new Map<string, TPaqueteAceptado>();
  private lastProcesoId = 0;
  /** mtime and size of the state file as this instance last read or wrote it. */
  private seen: { mtimeMs: number; size: number } | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly stateFile: string | null) {}

  /**
   * Loads the state file when there is one. A missing file means an empty state.
   * @throws Error when the file exists but is not a state file written by this simulator.
   */
  async load(): Promise<void> {
    if (!this.stateFile) return;
    let text: string;
    let info: { mtimeMs: number; size: number };
    try {
      info = await stat(this.stateFile);
      text = await readFile(this.stateFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.clearMemory();
        this.seen = null;
        return;
      }
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<TStateFile>;
    if (parsed.version !== 1 || !Array.isArray(parsed.paquetes) || typeof parsed.lastProcesoId !== 'number') {
      throw new Error(`muv-simulator: ${this.stateFile} no es un archivo de estado válido del simulador`);
    }
    this.clearMemory();
    this.lastProcesoId = parsed.lastProcesoId;
    for (const paquete of parsed.paquetes) this.index(paquete);
    this.seen = { mtimeMs: info.mtimeMs, size: info.size };
  }

  /** Reads the state file again if another instance wrote it since this one last did (no-op in memory-only mode). */
  async refresh(): Promise<void> {
    if (!this.stateFile) return;
    const info = await stat(this.stateFile).catch(() => null);
    const changed = info ? !this.seen || info.mtimeMs !== this.seen.mtimeMs || info.size !== this.seen.size : this.seen !== null;
    if (changed) await this.load();
  }

  /**
   * Runs `fn` (synchronous: it reads and changes the packages) alone: one at a time in this process and, with a state
   * file, under the file's lock after reading other instances' changes; then writes the file. Returns what `fn` does.
   */
  transaction<T>(fn: () => T): Promise<T> {
    const run = async () => {
      const release = await this.lock();
      try {
        await this.refresh();
        const before = { size: this.byKey.size, last: this.lastProcesoId };
        const result = fn();
        if (this.byKey.size !== before.size || this.lastProcesoId !== before.last) await this.persist();
        return result;
      } finally {
        await release();
      }
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
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

  /** Remembers an accepted package (synchronous; inside `transaction`, which writes it). */
  add(paquete: TPaqueteAceptado): void {
    this.index(paquete);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Forgets every package and restarts `ProcesoId` at 1; the file is rewritten empty. */
  async reset(): Promise<void> {
    await this.transaction(() => this.clearMemory());
    await this.persist();
  }

  /** Writes the current state to the state file (no-op in memory-only mode). */
  async persist(): Promise<void> {
    const file = this.stateFile;
    if (!file) return;
    const snapshot: TStateFile = {
      version: 1,
      lastProcesoId: this.lastProcesoId,
      paquetes: [...this.byKey.values()],
    };
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, JSON.stringify(snapshot, null, 2), 'utf8');
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const info = await stat(file);
    this.seen = { mtimeMs: info.mtimeMs, size: info.size };
  }

  /** Takes the state file's lock (an exclusively created `<file>.lock`); resolves to its release. No file: nothing. */
  private async lock(): Promise<() => Promise<void>> {
    const file = this.stateFile;
    if (!file) return async () => {};
    const lockFile = `${file}.lock`;
    await mkdir(dirname(file), { recursive: true });
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const handle = await open(lockFile, 'wx');
        await handle.close();
        return () => rm(lockFile, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const held = await stat(lockFile).catch(() => null);
        // A lock left by a process that died mid-write is taken over.
        if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await rm(lockFile, { force: true });
        if (Date.now() > deadline) throw new Error(`muv-simulator: ${lockFile} sigue bloqueado`, { cause: error });
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    }
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
