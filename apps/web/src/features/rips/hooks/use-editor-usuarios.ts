import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import type { TEstructuraData } from '@radica/contracts/rips';
import { RIPS_TIPOS_SERVICIO, type TTipoServicioRips } from '@radica/contracts/rips-codigos';
import { enfocar } from '../components/usuario-editor';
import { nuevoUsuario } from '../utils/rips-valores';
import type { Autosave } from './use-autosave';

/** What to confirm before removing more than one field (docs/decisions/050). */
export type TConfirmar = { tipo: 'usuario'; u: number } | { tipo: 'servicio'; u: number; lista: TTipoServicioRips; j: number };

/** How many services a user of the RIPS has, over every service list. */
export const serviciosDe = (usuario: Record<string, unknown> | undefined): number => {
  const servicios = usuario?.['servicios'];
  if (typeof servicios !== 'object' || servicios === null) return 0;
  return Object.values(servicios).reduce<number>((n, items) => n + (Array.isArray(items) ? items.length : 0), 0);
};
/** A user's document as the list shows it ("CC 123"), "—" without number. */
export const documentoDe = (usuario: Record<string, unknown> | undefined) => `${String(usuario?.['tipoDocumentoIdentificacion'] ?? '')} ${String(usuario?.['numDocumentoIdentificacion'] ?? '—')}`.trim();

/** The last service list the user has rows in (Alt+N's default). */
function ultimaLista(usuario: Record<string, unknown> | undefined): string | undefined {
  const servicios = usuario?.['servicios'];
  if (typeof servicios !== 'object' || servicios === null) return undefined;
  return Object.keys(servicios).pop();
}

type TServicios = Record<string, Record<string, unknown>[]>;

/**
 * Adding and removing the editor's users and services. A removal is said in a toast whose "Deshacer" puts back
 * exactly what was removed; `setSeleccion` follows the user added or removed.
 */
export function useUsuariosDelEditor(
  autosave: Autosave,
  usuarios: Record<string, unknown>[],
  estructura: TEstructuraData,
  setSeleccion: (u: number) => void,
) {
  const eliminarUsuario = (u: number) => {
    const usuario = usuarios[u];
    if (!usuario) return;
    const servicios = serviciosDe(usuario);
    autosave.eliminarUsuario(u);
    setSeleccion(Math.max(0, u - 1));
    toast(MSG_RIPS.usuarioEliminado(servicios), {
      duration: 15_000,
      action: {
        label: 'Deshacer',
        onClick: () => {
          // the exact inverse: the same user, with its services, back at its place
          const ahora = autosave.snapshot().rips.usuarios;
          const en = Math.min(u, ahora.length);
          autosave.insertarUsuario(en, usuario);
          setSeleccion(en);
        },
      },
    });
  };
  const eliminarServicio = (u: number, lista: TTipoServicioRips, j: number) => {
    const usuario = usuarios[u];
    const items = (usuario?.['servicios'] as TServicios | undefined)?.[lista] ?? [];
    const servicio = items[j];
    if (!usuario || !servicio) return;
    const servicios = { ...(usuario['servicios'] as TServicios) };
    const resto = items.filter((_, k) => k !== j);
    if (resto.length > 0) servicios[lista] = resto;
    else delete servicios[lista];
    autosave.setUsuario(u, { ...usuario, servicios });
    const nombre = `${RIPS_TIPOS_SERVICIO[lista]} ${j + 1}`;
    toast(MSG_RIPS.servicioEliminado(nombre), {
      duration: 15_000,
      action: {
        label: 'Deshacer',
        onClick: () => {
          const ahora = autosave.snapshot().rips.usuarios[u];
          // the user moved (another one removed meanwhile): the versions keep it
          if (!ahora || documentoDe(ahora) !== documentoDe(usuario)) {
            toast.error(MSG_RIPS.deshacerNoAplica);
            return;
          }
          const actuales = { ...((ahora['servicios'] as TServicios | undefined) ?? {}) };
          const lista2 = [...(actuales[lista] ?? [])];
          lista2.splice(Math.min(j, lista2.length), 0, servicio);
          autosave.setUsuario(u, { ...ahora, servicios: { ...actuales, [lista]: lista2 } });
        },
      },
    });
  };
  const agregarUsuario = (copia?: Record<string, unknown>) => {
    const u = usuarios.length;
    const usuario = copia ? { ...structuredClone(copia), consecutivo: u + 1 } : nuevoUsuario(estructura.usuario, u + 1);
    autosave.insertarUsuario(u, usuario);
    setSeleccion(u);
    enfocar(`u${u}-${estructura.usuario[0]!.campo}`);
  };
  return { eliminarUsuario, eliminarServicio, agregarUsuario };
}

/**
 * The editor's keyboard shortcuts: Alt+U adds a user (Alt+Shift+U duplicates the one shown), Alt+N adds a service to
 * the list the focus is in, Alt+D duplicates the service. They work wherever the focus is on the page (also before
 * the first field has it), never while a dialog is open or the RIPS is read-only.
 */
export function useAtajosDelEditor(editable: boolean, usuarioActual: Record<string, unknown> | undefined, agregarUsuario: (copia?: Record<string, unknown>) => void) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (!editable || !e.altKey || document.querySelector('[role="dialog"]')) return;
    const key = e.code === 'KeyU' ? 'u' : e.code === 'KeyN' ? 'n' : e.code === 'KeyD' ? 'd' : e.key.toLowerCase();
    const target = e.target as HTMLElement;
    if (key === 'u') {
      e.preventDefault();
      if (e.shiftKey && usuarioActual) agregarUsuario(usuarioActual);
      else agregarUsuario();
    } else if (key === 'n') {
      e.preventDefault();
      const lista = target.closest<HTMLElement>('[data-lista]')?.dataset['lista'] ?? ultimaLista(usuarioActual) ?? 'consultas';
      document.querySelector<HTMLButtonElement>(`[data-agregar="${lista}"]`)?.click();
    } else if (key === 'd') {
      e.preventDefault();
      const servicio = target.closest<HTMLElement>('[data-servicio]')?.dataset['servicio'];
      if (servicio) document.querySelector<HTMLButtonElement>(`[data-duplicar="${servicio}"]`)?.click();
    }
  };
  const onKeyDownRef = useRef(onKeyDown);
  useEffect(() => {
    onKeyDownRef.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyDownRef.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
