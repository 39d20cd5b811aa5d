import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TBorradorDetalle, TCambioRips, TConciliacion, TEstadoBorrador, THallazgoRips } from '@radica/contracts/rips';
import { HttpError } from '../../../lib/http';
import { guardarBorrador } from '../api/borradores';

/**
 * Wait before a save (findings come back with it: ): short, only to gather the changes of one
 * event; while a save is in flight the following keystrokes queue and coalesce, and go in the next save.
 */
export const AUTOSAVE_DELAY_MS = 30;
/** Waits between retries of a save that found no connection. */
const RETRY_MS = [2_000, 5_000, 10_000];

export type TRips = Record<string, unknown> & { usuarios: Record<string, unknown>[] };
export type TEstadoGuardado = 'guardado' | 'pendiente' | 'guardando' | 'sin-conexion' | 'conflicto' | 'error';

/** What the browser keeps of an unsaved draft (docs/decisions/037 "Nothing lost"). */
type TRespaldo = { version: number; rips: TRips; fecha: string };
export const respaldoKey = (id: number) => `radica:rips:${id}`;

export function leerRespaldo(id: number): TRespaldo | null {
  try {
    const raw = localStorage.getItem(respaldoKey(id));
    return raw ? (JSON.parse(raw) as TRespaldo) : null;
  } catch {
    return null;
  }
}

/** What the editor renders from the autosave. */
export type TAutosaveVista = {
  rips: TRips;
  hallazgos: THallazgoRips[];
  conciliacion: TConciliacion;
  estado: TEstadoBorrador;
  guardado: TEstadoGuardado;
  conflicto: { version: number } | null;
  errorTexto: string | null;
  version: number;
};

/**
 * The editor's autosave (docs/decisions/037), outside React: the RIPS as the user edits it, the queue of
 * changes not saved yet (one user's edits coalesce into one 'usuario' change, never into one already in flight), saves
 * after {@link AUTOSAVE_DELAY_MS} of quiet with the version they were made on, the engine's findings and totals from
 * each answer. A 409 (another tab saved) keeps the changes and waits for the user: {@link recargar} or
 * {@link sobrescribir}. No connection: the changes stay queued and are retried; local storage keeps a copy until they
 * are saved.
 */
export class Autosave {
  private vista: TAutosaveVista;
  private readonly listeners = new Set<() => void>();
  private cola: TCambioRips[] = [];
  private enVuelo = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private respaldoTimer: ReturnType<typeof setTimeout> | null = null;
  private intentos = 0;

  constructor(
    private readonly id: number,
    detalle: TBorradorDetalle,
    private readonly onRecargar: () => void,
  ) {
    this.vista = {
      rips: { ...detalle.rips, usuarios: Array.isArray(detalle.rips['usuarios']) ? (detalle.rips['usuarios'] as Record<string, unknown>[]) : [] },
      hallazgos: detalle.hallazgos,
      conciliacion: detalle.conciliacion,
      estado: detalle.estado,
      guardado: 'guardado',
      conflicto: null,
      errorTexto: null,
      version: detalle.version,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.vista;
  get pendiente(): boolean {
    return this.cola.length > 0 || this.enVuelo > 0;
  }

  private set(patch: Partial<TAutosaveVista>) {
    this.vista = { ...this.vista, ...patch };
    for (const l of this.listeners) l();
  }

  private programar(ms = AUTOSAVE_DELAY_MS) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private respaldar() {
    if (this.respaldoTimer) return;
    this.respaldoTimer = setTimeout(() => {
      this.respaldoTimer = null;
      try {
        localStorage.setItem(respaldoKey(this.id), JSON.stringify({ version: this.vista.version, rips: this.vista.rips, fecha: new Date().toISOString() } satisfies TRespaldo));
      } catch {
        // storage full or disabled: the queue still holds the changes while the page is open
      }
    }, 500);
  }

  private cambiar(cambio: TCambioRips, siguiente: TRips) {
    const last = this.cola.length > this.enVuelo ? this.cola[this.cola.length - 1] : undefined;
    if (cambio.op === 'usuario' && last && (last.op === 'usuario' || last.op === 'insertarUsuario') && last.indice === cambio.indice) last.usuario = cambio.usuario;
    else if (cambio.op === 'transaccion' && last?.op === 'transaccion') last.campos = { ...last.campos, ...cambio.campos };
    else this.cola.push(cambio);
    this.set({ rips: siguiente, guardado: this.vista.guardado === 'conflicto' ? 'conflicto' : 'pendiente' });
    this.respaldar();
    if (!this.vista.conflicto) this.programar();
  }

  setUsuario = (indice: number, usuario: Record<string, unknown>) => {
    const usuarios = [...this.vista.rips.usuarios];
    usuarios[indice] = usuario;
    this.cambiar({ op: 'usuario', indice, usuario }, { ...this.vista.rips, usuarios });
  };
  insertarUsuario = (indice: number, usuario: Record<string, unknown>) => {
    const usuarios = [...this.vista.rips.usuarios];
    usuarios.splice(indice, 0, usuario);
    this.cambiar({ op: 'insertarUsuario', indice, usuario }, { ...this.vista.rips, usuarios });
  };
  eliminarUsuario = (indice: number) => {
    const usuarios = [...this.vista.rips.usuarios];
    usuarios.splice(indice, 1);
    this.cambiar({ op: 'eliminarUsuario', indice }, { ...this.vista.rips, usuarios });
  };
  setTransaccion = (campos: Record<string, unknown>) => this.cambiar({ op: 'transaccion', campos }, { ...this.vista.rips, ...campos });
  /** Replaces the whole RIPS (recovering a local copy). */
  reemplazar = (rips: TRips) => this.cambiar({ op: 'reemplazar', rips }, rips);

  /** Sends the queue (one save at a time). */
  flush = async (): Promise<void> => {
    if (this.enVuelo > 0 || this.cola.length === 0 || this.vista.conflicto) return;
    const enviados = this.cola.length;
    this.enVuelo = enviados;
    this.set({ guardado: 'guardando' });
    let again = false;
    try {
      const r = await guardarBorrador(this.id, { version: this.vista.version, cambios: this.cola.slice(0, enviados) });
      this.cola = this.cola.slice(enviados);
      this.intentos = 0;
      const done = this.cola.length === 0;
      this.set({ version: r.version, hallazgos: r.hallazgos, conciliacion: r.conciliacion, estado: r.estado, errorTexto: null, guardado: done ? 'guardado' : 'pendiente' });
      if (done) {
        if (this.respaldoTimer) clearTimeout(this.respaldoTimer);
        this.respaldoTimer = null;
        localStorage.removeItem(respaldoKey(this.id));
      } else again = true;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'BORRADOR_CAMBIO') {
        const data = error.data as { version?: number } | undefined;
        this.set({ conflicto: { version: data?.version ?? this.vista.version }, guardado: 'conflicto' });
      } else if (error instanceof HttpError && (error.status === 0 || error.status >= 500)) {
        this.set({ guardado: 'sin-conexion' });
        this.programar(RETRY_MS[Math.min(this.intentos, RETRY_MS.length - 1)]!);
        this.intentos++;
      } else {
        this.set({ guardado: 'error', errorTexto: error instanceof HttpError ? error.message : String(error) });
      }
    } finally {
      this.enVuelo = 0;
    }
    if (again) this.programar(0);
  };

  /** After a conflict: save this tab's RIPS whole over the version the other tab saved. */
  sobrescribir = () => {
    const c = this.vista.conflicto;
    if (!c) return;
    this.cola = [{ op: 'reemplazar', rips: this.vista.rips }];
    this.set({ version: c.version, conflicto: null, guardado: 'pendiente' });
    this.programar(0);
  };

  /** After a conflict: drop this tab's changes and load the saved version. */
  recargar = () => {
    this.cola = [];
    this.set({ conflicto: null });
    localStorage.removeItem(respaldoKey(this.id));
    this.onRecargar();
  };

  /** Retries a failed save now. */
  reintentar = () => {
    this.intentos = 0;
    void this.flush();
  };

  dispose() {
    if (this.timer) clearTimeout(this.timer);
  }
}

/** The {@link Autosave} of a draft, its view, and the warning before leaving with unsaved changes. */
export function useAutosave(detalle: TBorradorDetalle, onRecargar: () => void) {
  const [autosave] = useState(() => new Autosave(detalle.id, detalle, onRecargar));
  const vista = useSyncExternalStore(autosave.subscribe, autosave.snapshot);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (autosave.pendiente) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      autosave.dispose();
    };
  }, [autosave]);
  return { ...vista, autosave };
}
