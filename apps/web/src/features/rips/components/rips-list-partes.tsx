import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ESTADO_BORRADOR_LABEL, ZEstadoBorrador, type TBorradorFila, type TEstadoBorrador, type TEstructuraRips } from '@radica/contracts/rips';
import { Button } from '../../../components/ui/button';
import { formatCop, formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/cn';

const ESTADO_CLASE: Record<TEstadoBorrador, string> = {
  BORRADOR: 'bg-slate-100 text-slate-700',
  CON_HALLAZGOS: 'bg-red-100 text-red-700',
  LISTO: 'bg-emerald-100 text-emerald-700',
  RADICADO: 'bg-brand-100 text-brand-800',
};
const ESTRUCTURA_CORTA = { 'res2275-2023': '2275', 'res948-2026-dt1-v002': '948' } as const;

/** The filters of the RIPS list; each change goes back to page 1 (`setPagina`). */
export function FiltrosBorradores(props: {
  texto: string;
  setTexto: (texto: string) => void;
  estado: TEstadoBorrador | '';
  setEstado: (estado: TEstadoBorrador | '') => void;
  estructura: TEstructuraRips | '';
  setEstructura: (estructura: TEstructuraRips | '') => void;
  setPagina: (pagina: number) => void;
}) {
  const { texto, setTexto, estado, setEstado, estructura, setEstructura, setPagina } = props;
  return (
  <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
    <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm text-slate-600">
      Buscar
      <input
        type="search"
        value={texto}
        placeholder="Factura o nota…"
        onChange={(e) => {
          setTexto(e.target.value);
          setPagina(1);
        }}
        className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
      />
    </label>
    <label className="flex flex-col gap-1 text-sm text-slate-600">
      Estado
      <select
        value={estado}
        onChange={(e) => {
          setEstado(e.target.value as TEstadoBorrador | '');
          setPagina(1);
        }}
        className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
      >
        <option value="">Todos</option>
        {ZEstadoBorrador.options.map((e) => (
          <option key={e} value={e}>
            {ESTADO_BORRADOR_LABEL[e]}
          </option>
        ))}
      </select>
    </label>
    <label className="flex flex-col gap-1 text-sm text-slate-600">
      Estructura
      <select
        value={estructura}
        onChange={(e) => {
          setEstructura(e.target.value as TEstructuraRips | '');
          setPagina(1);
        }}
        className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
      >
        <option value="">Todas</option>
        <option value="res2275-2023">Res. 2275 de 2023</option>
        <option value="res948-2026-dt1-v002">Res. 948 de 2026</option>
      </select>
    </label>
    {(texto || estado || estructura) && (
      <Button
        variant="ghost"
        onClick={() => {
          setTexto('');
          setEstado('');
          setEstructura('');
          setPagina(1);
        }}
      >
        Limpiar filtros
      </Button>
    )}
  </div>
  );
}

/** The RIPS list's table: each draft links to its editor, a filed one to its document; `onEliminar` asks first. */
export function TablaBorradores({ rows, puedeEditar, onEliminar }: { rows: TBorradorFila[]; puedeEditar: boolean; onEliminar: (fila: TBorradorFila) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
          <tr>
            <th className="px-4 py-2">Formato</th>
            <th className="px-4 py-2">Factura</th>
            <th className="px-4 py-2 text-right">Usuarios</th>
            <th className="px-4 py-2 text-right">Servicios</th>
            <th className="px-4 py-2 text-right">Total</th>
            <th className="px-4 py-2">Estructura</th>
            <th className="px-4 py-2">Estado</th>
            <th className="px-4 py-2">Modificado</th>
            <th className="px-4 py-2">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              <td className="px-4 py-2 font-medium">
                <Link to={`/listado-rips/${r.id}`} className="text-brand-700 hover:underline">
                  {r.formato ?? MSG_RIPS.borradorSinNumero}
                </Link>
              </td>
              <td className="px-4 py-2">
                {r.numFactura ?? '—'}
                {r.tipoNota && <span className="text-slate-500"> · {r.tipoNota} {r.numNota}</span>}
              </td>
              <td className="px-4 py-2 text-right">{r.cantidadUsuarios}</td>
              <td className="px-4 py-2 text-right">{r.cantidadServicios}</td>
              <td className="px-4 py-2 text-right">{formatCop(r.totalValorServicios)}</td>
              <td className="px-4 py-2">{ESTRUCTURA_CORTA[r.estructura]}</td>
              <td className="px-4 py-2">
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', ESTADO_CLASE[r.estado])}>{ESTADO_BORRADOR_LABEL[r.estado]}</span>
                {r.estado === 'CON_HALLAZGOS' && <span className="ml-1 text-xs text-red-700">{r.totalRechazos}</span>}
              </td>
              <td className="px-4 py-2 text-slate-500">{formatDateTime(r.fechaModificacion)}</td>
              <td className="px-4 py-2 text-right">
                {r.fevRipsId ? (
                  <Link to={`/ministerio/${r.fevRipsId}`} className="text-sm text-brand-700 hover:underline">
                    Documento
                  </Link>
                ) : (
                  puedeEditar && <Button size="sm" variant="ghost" aria-label={`Eliminar ${r.formato ?? r.id}`} onClick={() => onEliminar(r)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
