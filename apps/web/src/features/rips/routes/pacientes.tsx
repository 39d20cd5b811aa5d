import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Download, Plus, RefreshCw, Upload } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { opcionesDe } from '@radica/contracts/rips-codigos';
import { PACIENTE_COLUMNAS, type TPaciente, type THojaErroresData } from '@radica/contracts/rips';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { AccionesFila } from '../components/acciones-fila';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { descargar } from '../api/borradores';
import { routes, urlDe } from '../../../lib/api-client';
import { useImportarPacientes, usePacientes, useRegistroMutations, useSincronizarPacientes } from '../api/registros';
import { RegistroForm, type TCampoForm } from '../components/registro-form';
import { usePuede } from '../../../lib/usuario-actual';

const CAMPOS: TCampoForm[] = [
  { campo: 'tipoDocumentoIdentificacion', etiqueta: 'Tipo de documento', opciones: opcionesDe('TipoIDPISIS') },
  { campo: 'numDocumentoIdentificacion', etiqueta: 'Número de documento' },
  { campo: 'nombre', etiqueta: 'Nombre (solo para tu equipo)' },
  { campo: 'fechaNacimiento', etiqueta: 'Fecha de nacimiento (AAAA-MM-DD)' },
  { campo: 'codSexo', etiqueta: 'Sexo', opciones: opcionesDe('Sexo') },
  { campo: 'tipoUsuario', etiqueta: 'Tipo de usuario', opciones: opcionesDe('RIPSTipoUsuarioVersion2') },
  { campo: 'codPaisResidencia', etiqueta: 'País de residencia (código)' },
  { campo: 'codMunicipioResidencia', etiqueta: 'Municipio de residencia (DIVIPOLA)' },
  { campo: 'codZonaTerritorialResidencia', etiqueta: 'Zona', opciones: opcionesDe('ZonaVersion2') },
  { campo: 'codPaisOrigen', etiqueta: 'País de origen (código)' },
];

/**
 * /listado-rips/pacientes: the tenant's patients, filled from every RIPS created or filed, editable,
 * importable from CSV; sensitive data (Ley 1581): the server logs every access, exports only for the administrators,
 * deletion on request.
 */
export function PacientesRoute() {
  const [texto, setTexto] = useState('');
  const [pagina, setPagina] = useState(1);
  const [editando, setEditando] = useState<TPaciente | 'nuevo' | null>(null);
  const [eliminar, setEliminar] = useState<TPaciente | null>(null);
  // A Consulta reads the patients; importing, adding, editing and deleting them is for the other roles.
  const puedeEditar = usePuede().edicion;
  const [errores, setErrores] = useState<THojaErroresData | null>(null);
  const busqueda = useDebouncedValue(texto.trim(), 400);
  const list = usePacientes({ texto: busqueda || undefined, pagina });
  const { guardar, eliminar: borrar } = useRegistroMutations('pacientes');
  const importar = useImportarPacientes();
  const sincronizar = useSincronizarPacientes();
  const file = useRef<HTMLInputElement>(null);
  const rows = list.data?.items ?? [];

  const onImportar = async (archivo: File | undefined) => {
    if (!archivo) return;
    setErrores(null);
    try {
      toast.success((await importar.mutateAsync(archivo)) ?? '');
    } catch (error) {
      if (error instanceof HttpError && error.code === 'HOJA_CON_ERRORES') setErrores(error.data as THojaErroresData);
      else toast.error(getErrorMessage(error));
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Pacientes</h2>
          <p className="text-sm text-slate-500">Datos de salud sensibles (Ley 1581): cada consulta queda registrada. Solo los administradores exportan.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" isLoading={sincronizar.isPending} onClick={() => sincronizar.mutate(undefined, { onSuccess: (d) => toast.success(`Leídos ${d.archivos} RIPS radicados.`), onError: (e) => toast.error(getErrorMessage(e)) })}>
            <RefreshCw aria-hidden="true" className="size-4" /> Traer de RIPS radicados
          </Button>
          <input ref={file} type="file" accept=".csv" className="sr-only" aria-label="Importar pacientes (CSV)" onChange={(e) => { void onImportar(e.target.files?.[0]); e.target.value = ''; }} />
          {puedeEditar && <Button variant="secondary" size="sm" isLoading={importar.isPending} onClick={() => file.current?.click()}>
            <Upload aria-hidden="true" className="size-4" /> Importar CSV
          </Button>}
          {list.data?.puedeExportar && (
            <Button variant="secondary" size="sm" onClick={() => void descargar(urlDe(routes.rips.exportarPacientes, {}), 'pacientes.csv').catch((e: unknown) => toast.error(getErrorMessage(e)))}>
              <Download aria-hidden="true" className="size-4" /> Exportar CSV
            </Button>
          )}
          {puedeEditar && (
            <Button size="sm" onClick={() => setEditando('nuevo')}>
              <Plus aria-hidden="true" className="size-4" /> Paciente
            </Button>
          )}
        </div>
      </div>
      {errores && (
        <Alert tone="error" title={`El CSV tiene ${errores.totalErrores} error(es): no se importó nada`}>
          <ul className="list-disc pl-5">
            {errores.errores.slice(0, 20).map((e, i) => (
              <li key={i}>{`Fila ${e.fila}${e.columna ? `, columna ${e.columna}` : ''}: ${e.mensaje}`}</li>
            ))}
          </ul>
          <p className="mt-1 text-xs">Columnas: {PACIENTE_COLUMNAS.join(';')}</p>
        </Alert>
      )}
      <Card>
        <div className="border-b border-slate-100 p-4">
          <input type="search" aria-label="Buscar pacientes" placeholder="Documento o nombre…" value={texto} onChange={(e) => { setTexto(e.target.value); setPagina(1); }} className="h-10 w-full max-w-md rounded-lg border border-slate-300 px-3 text-sm" />
        </div>
        {list.isPending ? (
          <LoadingScreen text={MSG.uiLoading} />
        ) : rows.length === 0 ? (
          <EmptyState title="No hay pacientes" description="Se agregan solos con cada RIPS que crees o radiques, o impórtalos de un CSV." />
        ) : (
          <TablaPacientes rows={rows} puedeEditar={puedeEditar} onEditar={setEditando} onEliminar={setEliminar} />
        )}
        {list.data && <Pager pagina={pagina} paginas={list.data.paginas} resumen={`${list.data.total} pacientes`} onPagina={setPagina} />}
      </Card>
      {editando && (
        <RegistroForm
          titulo={editando === 'nuevo' ? 'Nuevo paciente' : 'Editar paciente'}
          campos={CAMPOS}
          inicial={editando === 'nuevo' ? Object.fromEntries(CAMPOS.map((c) => [c.campo, null])) : { ...editando }}
          onClose={() => setEditando(null)}
          onGuardar={async (v) => {
            const campos = Object.fromEntries(PACIENTE_COLUMNAS.map((c) => [c, v[c] ?? null])) as never;
            toast.success((await guardar.mutateAsync({ id: editando === 'nuevo' ? null : editando.id, campos })) ?? '');
          }}
        />
      )}
      <Modal isOpen={eliminar !== null} title="¿Eliminar este paciente?" tone="error" onClose={() => setEliminar(null)} footer={<><Button variant="secondary" onClick={() => setEliminar(null)}>Cancelar</Button><Button variant="danger" isLoading={borrar.isPending} onClick={() => eliminar && borrar.mutate(eliminar.id, { onSuccess: (m) => { toast.success(m ?? ''); setEliminar(null); }, onError: (e) => toast.error(getErrorMessage(e)) })}>Eliminar</Button></>}>
        <p>Se borran sus datos de Radica (eliminación a solicitud del titular). Los RIPS ya radicados no cambian.</p>
      </Modal>
    </div>
  );
}

/** The patients' table: document, name and the fields a clerk checks; each row edits or deletes (roles that edit). */
function TablaPacientes(props: { rows: TPaciente[]; puedeEditar: boolean; onEditar: (p: TPaciente) => void; onEliminar: (p: TPaciente) => void }) {
  const { rows, puedeEditar, onEditar, onEliminar } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
          <tr>
            <th className="px-4 py-2">Documento</th>
            <th className="px-4 py-2">Nombre</th>
            <th className="px-4 py-2">Nacimiento</th>
            <th className="px-4 py-2">Sexo</th>
            <th className="px-4 py-2">Tipo usuario</th>
            <th className="px-4 py-2">Municipio</th>
            <th className="px-4 py-2"><span className="sr-only">Acciones</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-t border-slate-100">
              <td className="px-4 py-2 font-medium">{p.tipoDocumentoIdentificacion} {p.numDocumentoIdentificacion}</td>
              <td className="px-4 py-2">{p.nombre ?? '—'}</td>
              <td className="px-4 py-2">{formatDate(p.fechaNacimiento, '—')}</td>
              <td className="px-4 py-2">{p.codSexo ?? '—'}</td>
              <td className="px-4 py-2">{p.tipoUsuario ?? '—'}</td>
              <td className="px-4 py-2">{p.codMunicipioResidencia ?? '—'}</td>
              <td className="px-4 py-2 text-right">
                <AccionesFila nombre={p.numDocumentoIdentificacion} puedeEditar={puedeEditar} onEditar={() => onEditar(p)} onEliminar={() => onEliminar(p)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
