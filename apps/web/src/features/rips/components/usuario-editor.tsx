import { memo, useCallback } from 'react';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { RIPS_TIPOS_SERVICIO, type TTipoServicioRips } from '@radica/contracts/rips-codigos';
import type { TCampoRips, TEstructuraData, THallazgoRips } from '@radica/contracts/rips';
import { Button } from '../../../components/ui/button';
import { buscarMedicamentos, buscarPacientes } from '../api/referencias';
import { edadEn, esObligatorio, nuevoServicio, primeraFecha, rutaCampo, servicioConMedicamento } from '../utils/rips-valores';
import { Campo } from './campo';
import type { TSugerencia } from './autocompletar';

type TUsuario = Record<string, unknown>;
type TServicios = Record<string, Record<string, unknown>[]>;

/** Focuses the first field of an element id prefix once React has rendered it. */
export function enfocar(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * One user of the RIPS and its services: every field of the structure, the age from the birth date at the
 * first service, the patients registry on the document number, and per service type its rows with every field
 * (medications from the tenant's list on codTecnologiaSalud). Adding a service copies the previous row's dates and
 * codes (a first one the suggested codPrestador); 'Duplicar' copies a whole row; 'Eliminar' asks the editor route
 * (`onEliminarServicio`: it confirms, and it can be undone). Keyboard: Alt+N adds a service to the list holding the
 * focus (the last used otherwise), Alt+D duplicates the service holding the focus (the editor route binds them).
 * Not `editable` (radicated, or a role that only reads): the fields are disabled and no add, copy or delete is offered.
 */
export const UsuarioEditor = memo(function UsuarioEditor({
  u,
  usuario,
  estructura,
  hallazgos,
  onChange,
  editable = true,
  codPrestador = null,
  onEliminarServicio,
}: {
  u: number;
  usuario: TUsuario;
  estructura: TEstructuraData;
  hallazgos: Map<string, THallazgoRips[]>;
  onChange: (u: number, usuario: TUsuario) => void;
  editable?: boolean;
  /** What a list's first service's codPrestador starts as. */
  codPrestador?: string | null;
  onEliminarServicio?: (u: number, lista: TTipoServicioRips, j: number) => void;
}) {
  const servicios = (typeof usuario['servicios'] === 'object' && usuario['servicios'] !== null ? usuario['servicios'] : {}) as TServicios;
  const setCampo = useCallback((campo: string, value: unknown) => onChange(u, { ...usuario, [campo]: value }), [onChange, u, usuario]);
  const setServicios = (next: TServicios) => {
    const limpio: TServicios = {};
    for (const [k, v] of Object.entries(next)) if (v.length > 0) limpio[k] = v;
    onChange(u, { ...usuario, servicios: limpio });
  };
  const elegirPaciente = (s: TSugerencia & { paciente?: Record<string, unknown> }) => {
    const p = s.paciente ?? {};
    const next = { ...usuario };
    for (const c of estructura.usuario) if (c.campo in p && p[c.campo] !== null && c.campo !== 'consecutivo') next[c.campo] = p[c.campo];
    onChange(u, next);
  };
  const edad = edadEn(usuario['fechaNacimiento'], primeraFecha(usuario));

  return (
    <div className="space-y-4" data-usuario={u}>
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          Usuario {u + 1}
          {edad !== null && <span className="ml-2 font-normal text-slate-500">· {edad} años a la fecha de atención</span>}
        </legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
          {estructura.usuario.map((c) => (
            <Campo
              key={c.campo}
              id={`u${u}-${c.campo}`}
              campo={c}
              obligatorio={esObligatorio(c, usuario)}
              value={usuario[c.campo]}
              onChange={setCampo}
              hallazgos={hallazgos.get(rutaCampo(u, null, null, c.campo))}
              {...(c.campo === 'numDocumentoIdentificacion'
                ? {
                    buscar: async (texto: string, signal: AbortSignal) =>
                      (await buscarPacientes(texto, signal)).map((p) => ({
                        codigo: p.numDocumentoIdentificacion,
                        nombre: `${p.tipoDocumentoIdentificacion}${p.nombre ? ` · ${p.nombre}` : ''}`,
                        detalle: p.fechaNacimiento ?? undefined,
                        paciente: p as unknown as Record<string, unknown>,
                      })),
                    onElegir: elegirPaciente,
                  }
                : {})}
            />
          ))}
        </div>
      </fieldset>

      {(Object.keys(estructura.servicios) as TTipoServicioRips[]).map((lista) => (
        <ListaServicios
          key={lista}
          u={u}
          lista={lista}
          campos={estructura.servicios[lista]!}
          items={servicios[lista] ?? []}
          setItems={(next) => setServicios({ ...servicios, [lista]: next })}
          hallazgos={hallazgos}
          editable={editable}
          codPrestador={codPrestador}
          onEliminarServicio={onEliminarServicio}
        />
      ))}
    </div>
  );
});

/** One service list of a user (consultas, procedimientos, …): its rows with every field, and adding, copying or removing one. */
function ListaServicios(props: {
  u: number;
  lista: TTipoServicioRips;
  campos: TCampoRips[];
  items: Record<string, unknown>[];
  setItems: (items: Record<string, unknown>[]) => void;
  hallazgos: Map<string, THallazgoRips[]>;
  editable: boolean;
  codPrestador: string | null;
  onEliminarServicio?: (u: number, lista: TTipoServicioRips, j: number) => void;
}) {
  const { u, lista, campos, items, setItems, hallazgos, editable, codPrestador, onEliminarServicio } = props;
  const agregar = (copiar: Record<string, unknown> | null, en = items.length) => {
    const nuevo = copiar ? { ...copiar, consecutivo: items.length + 1 } : nuevoServicio(campos, items.length + 1, items[items.length - 1] ?? null, codPrestador);
    const next = [...items];
    next.splice(en, 0, nuevo);
    setItems(next);
    enfocar(`u${u}-${lista}${en}-${campos[0]!.campo}`);
  };
  return (
    <section aria-label={RIPS_TIPOS_SERVICIO[lista]} data-lista={lista} className="rounded-lg border border-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <h3 className="text-sm font-semibold text-slate-800">
          {RIPS_TIPOS_SERVICIO[lista]} <span className="font-normal text-slate-500">({items.length})</span>
        </h3>
        {editable && (
          <Button size="sm" variant="secondary" className="shrink-0 whitespace-nowrap" data-agregar={lista} onClick={() => agregar(null)}>
            <Plus aria-hidden="true" className="size-4" /> Agregar {RIPS_TIPOS_SERVICIO[lista].toLowerCase()}
          </Button>
        )}
      </header>
      {items.map((s, j) => {
        const set = (campo: string, value: unknown) => {
          const next = [...items];
          next[j] = { ...s, [campo]: value };
          setItems(next);
        };
        const medicamento =
          lista === 'medicamentos'
            ? {
                buscar: async (texto: string, signal: AbortSignal) =>
                  (await buscarMedicamentos(texto, signal)).map((m) => ({ codigo: m.codTecnologiaSalud, nombre: m.nomTecnologiaSalud ?? '', medicamento: m as unknown as Record<string, unknown> })),
                onElegir: (sug: TSugerencia & { medicamento?: Record<string, unknown> }) => {
                  const next = [...items];
                  next[j] = servicioConMedicamento(s, sug.codigo, sug.medicamento ?? {});
                  setItems(next);
                },
              }
            : {};
        return (
          <fieldset key={j} data-servicio={`${lista}:${j}`} className="border-b border-slate-100 px-3 py-2 last:border-b-0">
            <legend className="sr-only">
              {RIPS_TIPOS_SERVICIO[lista]} {j + 1}
            </legend>
            <div className="mb-1 flex items-center justify-between">
              <span className="text-xs font-medium text-slate-500">
                {RIPS_TIPOS_SERVICIO[lista]} {j + 1}
              </span>
              {editable && (
                <span className="flex gap-1">
                  <Button size="sm" variant="ghost" aria-label={`Duplicar ${RIPS_TIPOS_SERVICIO[lista]} ${j + 1}`} data-duplicar={`${lista}:${j}`} onClick={() => agregar(s, j + 1)}>
                    <Copy aria-hidden="true" className="size-4" />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Eliminar ${RIPS_TIPOS_SERVICIO[lista]} ${j + 1}`} onClick={() => onEliminarServicio?.(u, lista, j)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </span>
              )}
            </div>
            <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
              {campos.map((c) => (
                <Campo
                  key={c.campo}
                  id={`u${u}-${lista}${j}-${c.campo}`}
                  campo={c}
                  value={s[c.campo]}
                  onChange={set}
                  hallazgos={hallazgos.get(rutaCampo(u, lista, j, c.campo))}
                  {...(c.campo === 'codTecnologiaSalud' ? medicamento : {})}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}
