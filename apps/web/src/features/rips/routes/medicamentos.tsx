import { useState } from 'react';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { opcionesDe } from '@radica/contracts/rips-codigos';
import type { TMedicamento } from '@radica/contracts/rips';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { AccionesFila } from '../components/acciones-fila';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMedicamentos, useRegistroMutations } from '../api/registros';
import { RegistroForm, type TCampoForm } from '../components/registro-form';
import { usePuede } from '../../../lib/usuario-actual';

const CAMPOS: TCampoForm[] = [
  { campo: 'codTecnologiaSalud', etiqueta: 'Código CUM / IUM' },
  { campo: 'nomTecnologiaSalud', etiqueta: 'Nombre' },
  { campo: 'formaFarmaceutica', etiqueta: 'Forma farmacéutica' },
  { campo: 'concentracionMedicamento', etiqueta: 'Concentración', tipo: 'entero' },
  { campo: 'unidadMedida', etiqueta: 'Unidad de medida', tipo: 'entero' },
  { campo: 'unidadMinDispensa', etiqueta: 'Unidad mínima de dispensación', tipo: 'entero' },
  { campo: 'tipoMedicamento', etiqueta: 'Tipo de medicamento', opciones: opcionesDe('TipoMedicamentoPOSVersion2') },
];

/** /listado-rips/medicamentos: the tenant's medications, filled from its RIPS, editable, used by the editor. */
export function MedicamentosRoute() {
  const [texto, setTexto] = useState('');
  const [pagina, setPagina] = useState(1);
  const [editando, setEditando] = useState<TMedicamento | 'nuevo' | null>(null);
  const [eliminar, setEliminar] = useState<TMedicamento | null>(null);
  // A Consulta reads the medications; adding, editing and deleting them is for the other roles.
  const puedeEditar = usePuede().edicion;
  const busqueda = useDebouncedValue(texto.trim(), 400);
  const list = useMedicamentos({ texto: busqueda || undefined, pagina });
  const { guardar, eliminar: borrar } = useRegistroMutations('medicamentos');
  const rows = list.data?.items ?? [];
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Medicamentos</h2>
          <p className="text-sm text-slate-500">Se agregan solos con los RIPS que creas o radicas; el editor los ofrece al escribir codTecnologiaSalud.</p>
        </div>
        {puedeEditar && (
          <Button size="sm" onClick={() => setEditando('nuevo')}>
            <Plus aria-hidden="true" className="size-4" /> Medicamento
          </Button>
        )}
      </div>
      <Card>
        <div className="border-b border-slate-100 p-4">
          <input type="search" aria-label="Buscar medicamentos" placeholder="Código o nombre…" value={texto} onChange={(e) => { setTexto(e.target.value); setPagina(1); }} className="h-10 w-full max-w-md rounded-lg border border-slate-300 px-3 text-sm" />
        </div>
        {list.isPending ? (
          <LoadingScreen text={MSG.uiLoading} />
        ) : rows.length === 0 ? (
          <EmptyState title="No hay medicamentos" description="Crea uno o radica un RIPS con medicamentos." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-2">CUM / IUM</th>
                  <th className="px-4 py-2">Nombre</th>
                  <th className="px-4 py-2">Forma</th>
                  <th className="px-4 py-2">Concentración</th>
                  <th className="px-4 py-2">Unidad</th>
                  <th className="px-4 py-2">Tipo</th>
                  <th className="px-4 py-2"><span className="sr-only">Acciones</span></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id} className="border-t border-slate-100">
                    <td className="px-4 py-2 font-mono">{m.codTecnologiaSalud}</td>
                    <td className="px-4 py-2">{m.nomTecnologiaSalud ?? '—'}</td>
                    <td className="px-4 py-2">{m.formaFarmaceutica ?? '—'}</td>
                    <td className="px-4 py-2">{m.concentracionMedicamento ?? '—'}</td>
                    <td className="px-4 py-2">{m.unidadMedida ?? '—'}</td>
                    <td className="px-4 py-2">{m.tipoMedicamento ?? '—'}</td>
                    <td className="px-4 py-2 text-right">
                      <AccionesFila nombre={m.codTecnologiaSalud} puedeEditar={puedeEditar} onEditar={() => setEditando(m)} onEliminar={() => setEliminar(m)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data && <Pager pagina={pagina} paginas={list.data.paginas} onPagina={setPagina} />}
      </Card>
      {editando && (
        <RegistroForm
          titulo={editando === 'nuevo' ? 'Nuevo medicamento' : 'Editar medicamento'}
          campos={CAMPOS}
          inicial={editando === 'nuevo' ? Object.fromEntries(CAMPOS.map((c) => [c.campo, null])) : { ...editando }}
          onClose={() => setEditando(null)}
          onGuardar={async (v) => {
            const campos = Object.fromEntries(CAMPOS.map((c) => [c.campo, v[c.campo] ?? null])) as never;
            toast.success((await guardar.mutateAsync({ id: editando === 'nuevo' ? null : editando.id, campos })) ?? '');
          }}
        />
      )}
      <Modal isOpen={eliminar !== null} title="¿Eliminar este medicamento?" tone="error" onClose={() => setEliminar(null)} footer={<><Button variant="secondary" onClick={() => setEliminar(null)}>Cancelar</Button><Button variant="danger" isLoading={borrar.isPending} onClick={() => eliminar && borrar.mutate(eliminar.id, { onSuccess: (m) => { toast.success(m ?? ''); setEliminar(null); }, onError: (e) => toast.error(getErrorMessage(e)) })}>Eliminar</Button></>}>
        <p>Se quita de tu lista de medicamentos. Los RIPS no cambian.</p>
      </Modal>
    </div>
  );
}
