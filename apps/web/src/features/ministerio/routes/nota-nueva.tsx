import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, FilePlus2, Wand2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { cargaEndpoint } from '@radica/contracts/muv';
import {
  NOTA_TIPOS,
  TIPOS_NOTA,
  type TPropuestaNotaData,
  type TServicioFactura,
  type TTipoNota,
} from '@radica/contracts/notas';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatCop, formatDate } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { useCrearNota, useProponerNota, useServiciosFactura } from '../api/notas';
import {
  agruparPorUsuario,
  alternarGrupo,
  filtrarServicios,
  leerValor,
  seleccionDePropuesta,
  seleccionable,
  serviciosElegidos,
  totalElegido,
  type TSeleccion,
} from '../utils/nota-seleccion';

/** Services rendered at once in the table. */
const MAX_FILAS = 300;

/** The package name of each note type (contracts/muv MUV_CARGA_ENDPOINTS: 'Nota crédito', 'Nota crédito total'…). */
const nombreTipo = (tipo: TTipoNota) => cargaEndpoint(NOTA_TIPOS[tipo].endpoint)?.paquete ?? tipo;

/**
 * /ministerio/{id}/nota (docs/decisions/051): 'Crear nota' on an invoice the ministry validated. The user picks the note
 * type, loads the note's XML (Radica reads it, checks it names this invoice and proposes services from its lines), picks
 * the invoice's services and the value of each, and creates the note: its RIPS opens in the RIPS editor (same live
 * rules, then 'Radicar' and the send from the document); a total credit note, or an adjustment note without XML, is
 * filed at once and its document opens.
 */
export function NotaNuevaRoute() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const rol = useRol();
  const puedeEditar = usePuede().edicion;
  const servicios = useServiciosFactura(id);
  if (rol !== null && !puedeEditar)
    return (
      <Alert tone="info" className="mx-auto max-w-2xl">
        <p>{MSG_USUARIOS.rolRequerido('Administrador o Facturador', ROL_NOMBRE[rol])}</p>
      </Alert>
    );
  if (servicios.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (servicios.isError)
    return (
      <Alert tone="error" className="mx-auto max-w-2xl" title={MSG_NOTAS.crearNota}>
        <p>{getErrorMessage(servicios.error, MSG.detailLoadError)}</p>
        <Link to={`/ministerio/${id}`} className="mt-2 inline-block font-medium underline">
          {MSG_NOTAS.verFactura}
        </Link>
      </Alert>
    );
  return <NotaForm id={id} factura={servicios.data.factura} servicios={servicios.data.servicios} />;
}

function NotaForm({
  id,
  factura,
  servicios,
}: {
  id: number;
  factura: { formato: string; totalFactura: number };
  servicios: TServicioFactura[];
}) {
  const navigate = useNavigate();
  const [tipo, setTipo] = useState<TTipoNota>('NC');
  const [xml, setXml] = useState<File | null>(null);
  const [numNota, setNumNota] = useState('');
  const [propuesta, setPropuesta] = useState<TPropuestaNotaData | null>(null);
  const [seleccion, setSeleccion] = useState<TSeleccion>({});
  const [busqueda, setBusqueda] = useState('');
  const [problema, setProblema] = useState<string | null>(null);
  const proponer = useProponerNota(id);
  const crear = useCrearNota(id);

  const total = totalElegido(tipo, seleccion, servicios);
  const elegidos = Object.keys(seleccion).length;
  const conRips = tipo !== 'NCTotal';
  const diferencia = propuesta && tipo !== 'NA' && conRips ? Math.round((propuesta.nota.valor - total) * 100) / 100 : null;
  const valoresInvalidos = Object.values(seleccion).some((v) => Number.isNaN(leerValor(v)));

  /** Reads the note's XML for the proposal; `aplicar`: the proposal becomes the choice. */
  const leerNota = async (archivo: File | null, tipoNota: TTipoNota, aplicar: boolean) => {
    setXml(archivo);
    setPropuesta(null);
    setProblema(null);
    if (!archivo) return;
    try {
      const p = await proponer.mutateAsync({ tipo: tipoNota, xml: archivo });
      setPropuesta(p);
      if (aplicar) setSeleccion(seleccionDePropuesta(p.servicios));
    } catch (error) {
      setProblema(getErrorMessage(error, MSG.requestInvalid));
    }
  };

  const onCrear = async () => {
    setProblema(null);
    const destino = tipo === 'NCTotal' || !xml ? 'documento' : 'borrador';
    try {
      const nota = await crear.mutateAsync({
        tipo,
        xml,
        servicios: serviciosElegidos(tipo, seleccion, servicios),
        numNota: xml ? undefined : numNota,
        destino,
      });
      toast.success(nota.borradorId ? MSG_NOTAS.borradorNotaCreado(nota.numNota) : MSG_NOTAS.notaCreada(nota.numNota));
      navigate(nota.borradorId ? `/listado-rips/${nota.borradorId}` : `/ministerio/${nota.fevRipsId}`);
    } catch (error) {
      setProblema(getErrorMessage(error, MSG.requestInvalid));
    }
  };

  const puedeCrear = (xml !== null || (tipo === 'NA' && numNota.trim() !== '')) && (!conRips || elegidos > 0) && !valoresInvalidos;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {MSG_NOTAS.crearNotaTitulo(factura.formato)}
          </h2>
          <p className="max-w-3xl text-sm text-slate-500">{MSG_NOTAS.crearNotaAyuda}</p>
        </div>
        <Link to={`/ministerio/${id}`} className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> {MSG_NOTAS.verFactura}
        </Link>
      </div>

      <Card>
        <DatosNota
          tipo={tipo}
          xml={xml}
          numNota={numNota}
          setNumNota={setNumNota}
          leyendo={proponer.isPending}
          onTipo={(next) => {
            setTipo(next);
            setSeleccion({});
            void leerNota(xml, next, true);
          }}
          onXml={(archivo) => void leerNota(archivo, tipo, elegidos === 0)}
        />
      </Card>

      {problema && (
        <Alert tone="error" title={MSG_NOTAS.crearNota}>
          <p data-testid="nota-problema">{problema}</p>
        </Alert>
      )}

      {propuesta && <PropuestaCard propuesta={propuesta} conRips={conRips} onAplicar={() => setSeleccion(seleccionDePropuesta(propuesta.servicios))} />}

      {conRips && (
        <ServiciosCard
          servicios={servicios}
          tipo={tipo}
          seleccion={seleccion}
          setSeleccion={setSeleccion}
          busqueda={busqueda}
          setBusqueda={setBusqueda}
          total={total}
          elegidos={elegidos}
        />
      )}

      <PieNota diferencia={diferencia} tipo={tipo} conXml={xml !== null} creando={crear.isPending} puedeCrear={puedeCrear} onCrear={() => void onCrear()} />
    </div>
  );
}

/** One user's rows of the services table: 'select all of the user', then each service with its value. */
function GrupoUsuario({
  usuarioId,
  servicios,
  tipo,
  seleccion,
  marcados,
  onGrupo,
  onServicio,
}: {
  usuarioId: string;
  servicios: TServicioFactura[];
  tipo: TTipoNota;
  seleccion: TSeleccion;
  marcados: boolean;
  onGrupo: (incluir: boolean) => void;
  onServicio: (path: string, valor: string | null) => void;
}) {
  return (
    <>
      <tr className="border-t border-slate-200 bg-slate-50/60">
        <td className="px-3 py-2">
          <input
            type="checkbox"
            aria-label={MSG_NOTAS.seleccionarUsuario(usuarioId)}
            checked={marcados}
            onChange={(e) => onGrupo(e.target.checked)}
          />
        </td>
        <td colSpan={5} className="px-3 py-2 font-medium text-slate-700">
          {usuarioId}
        </td>
      </tr>
      {servicios.map((s) => {
        const marcado = s.pathFuente in seleccion;
        const texto = seleccion[s.pathFuente] ?? '';
        const invalido = marcado && Number.isNaN(leerValor(texto));
        return (
          <tr key={s.pathFuente} className="border-t border-slate-100" data-testid="fila-servicio">
            <td className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={MSG_NOTAS.seleccionarServicio(s.pathFuente)}
                checked={marcado}
                disabled={!marcado && !seleccionable(tipo, s)}
                onChange={(e) => onServicio(s.pathFuente, e.target.checked ? '' : null)}
              />
            </td>
            <td className="px-3 py-2">
              <span className="font-mono text-xs text-slate-500">{s.pathFuente}</span>
              {s.descripcion && <span className="block text-slate-700">{s.descripcion}</span>}
            </td>
            <td className="px-3 py-2 font-mono">{s.codigo ?? '—'}</td>
            <td className="px-3 py-2">{formatDate(s.fecha, '—')}</td>
            <td className="px-3 py-2 text-right">
              {s.valor === null ? '—' : formatCop(s.valor)}
              {tipo === 'NC' && s.disponible !== null && s.valor !== null && s.disponible !== s.valor && (
                <span className="block text-xs text-slate-500">
                  {MSG_NOTAS.disponible(formatCop(s.disponible))}
                </span>
              )}
            </td>
            <td className="px-3 py-2">
              {tipo !== 'NA' && marcado && (
                <Input
                  aria-label={MSG_NOTAS.valorServicio(s.pathFuente)}
                  inputMode="decimal"
                  placeholder={String((tipo === 'NC' ? s.disponible : s.valor) ?? '')}
                  value={texto}
                  aria-invalid={invalido || undefined}
                  onChange={(e) => onServicio(s.pathFuente, e.target.value)}
                  className="h-8 w-36"
                />
              )}
            </td>
          </tr>
        );
      })}
    </>
  );
}

/** The note's type, its XML (read for a proposal as soon as it is chosen) and, for an adjustment note without XML, its number. */
function DatosNota(props: {
  tipo: TTipoNota;
  xml: File | null;
  numNota: string;
  setNumNota: (numNota: string) => void;
  leyendo: boolean;
  onTipo: (tipo: TTipoNota) => void;
  onXml: (archivo: File | null) => void;
}) {
  const { tipo, xml, numNota, setNumNota, leyendo, onTipo, onXml } = props;
  return (
    <CardBody className="grid gap-4 md:grid-cols-3">
      <FormField id="nota-tipo" label={MSG_NOTAS.tipoNotaEtiqueta}>
        <Select
          id="nota-tipo"
          value={tipo}
          onChange={(e) => onTipo(e.target.value as TTipoNota)}
        >
          {TIPOS_NOTA.map((t) => (
            <option key={t} value={t}>
              {nombreTipo(t)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="nota-xml"
        label={MSG_NOTAS.xmlNotaEtiqueta}
        hint={leyendo ? MSG_NOTAS.leyendoXml : undefined}
      >
        <Input
          id="nota-xml"
          type="file"
          accept=".xml"
          onChange={(e) => onXml(e.target.files?.[0] ?? null)}
        />
      </FormField>
      {tipo === 'NA' && !xml && (
        <FormField id="nota-numero" label={MSG_NOTAS.numNotaEtiqueta}>
          <Input
            id="nota-numero"
            value={numNota}
            maxLength={30}
            onChange={(e) => setNumNota(e.target.value)}
          />
        </FormField>
      )}
      <p className="text-sm text-slate-600 md:col-span-3">
        {tipo === 'NCTotal' ? MSG_NOTAS.ncTotalAyuda : tipo === 'NA' ? MSG_NOTAS.ajusteAyuda : null}
      </p>
    </CardBody>
  );
}

/** What Radica read in the note's XML: its number, value and lines, each with the services it was matched to. */
function PropuestaCard({ propuesta, conRips, onAplicar }: { propuesta: TPropuestaNotaData; conRips: boolean; onAplicar: () => void }) {
  return (
    <Card aria-labelledby="propuesta-title">
      <CardHeader
        id="propuesta-title"
        title={MSG_NOTAS.datosNota(
          propuesta.nota.numero,
          formatCop(propuesta.nota.valor),
          propuesta.lineas.length,
        )}
        description={conRips ? MSG_NOTAS.propuestaAyuda : undefined}
        actions={
          conRips && (
            <Button
              variant="secondary"
              size="sm"
              onClick={onAplicar}
            >
              <Wand2 aria-hidden="true" className="size-4" /> {MSG_NOTAS.aplicarPropuesta}
            </Button>
          )
        }
      />
      {conRips && (
        <CardBody>
          <ul className="space-y-1 text-sm text-slate-700" data-testid="propuesta-lineas">
            {propuesta.lineas.map((l) => (
              <li key={l.linea}>
                {MSG_NOTAS.propuestaLinea(
                  l.linea,
                  l.codigo ?? '—',
                  l.valor === null ? '—' : formatCop(l.valor),
                )}
                {l.servicios.length > 0 && (
                  <span className="font-mono text-xs text-slate-500"> → {l.servicios.join(', ')}</span>
                )}
                {l.sinEmparejar > 0 && (
                  <span className="text-amber-700">
                    {' '}
                    · {MSG_NOTAS.propuestaSinEmparejar(formatCop(l.sinEmparejar))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </CardBody>
      )}
    </Card>
  );
}

/**
 * The invoice's services to pick for the note, grouped by user, with a search; a large invoice (thousands of services)
 * shows its first {@link MAX_FILAS} rows and the search narrows the rest.
 */
function ServiciosCard(props: {
  servicios: TServicioFactura[];
  tipo: TTipoNota;
  seleccion: TSeleccion;
  setSeleccion: Dispatch<SetStateAction<TSeleccion>>;
  busqueda: string;
  setBusqueda: (busqueda: string) => void;
  total: number;
  elegidos: number;
}) {
  const { servicios, tipo, seleccion, setSeleccion, busqueda, setBusqueda, total, elegidos } = props;
  const encontrados = useMemo(() => filtrarServicios(servicios, busqueda), [servicios, busqueda]);
  const grupos = useMemo(() => agruparPorUsuario(encontrados.slice(0, MAX_FILAS)), [encontrados]);
  return (
    <Card aria-labelledby="servicios-title">
      <CardHeader
        id="servicios-title"
        title={MSG_NOTAS.serviciosTitulo}
        description={MSG_NOTAS.totalSeleccionado(elegidos, formatCop(total))}
        actions={
          <Input
            type="search"
            aria-label={MSG_NOTAS.buscarServicio}
            placeholder={MSG_NOTAS.buscarServicio}
            value={busqueda}
            onChange={(e) => setBusqueda(e.target.value)}
            className="w-64"
          />
        }
      />
      <CardBody className="overflow-x-auto p-0">
        {grupos.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500">{MSG_NOTAS.sinServiciosFiltro}</p>
        ) : (
          <table className="w-full text-sm" data-testid="servicios-factura">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="w-10 px-3 py-2" />
                <th className="px-3 py-2">Servicio</th>
                <th className="px-3 py-2">Código</th>
                <th className="px-3 py-2">Fecha</th>
                <th className="px-3 py-2 text-right">Valor</th>
                <th className="px-3 py-2">{tipo === 'NA' ? '' : 'Valor en la nota'}</th>
              </tr>
            </thead>
            <tbody>
              {grupos.map((g) => {
                const todos = g.servicios.filter((s) => seleccionable(tipo, s));
                const marcados = todos.length > 0 && todos.every((s) => s.pathFuente in seleccion);
                return (
                  <GrupoUsuario
                    key={g.usuario}
                    usuarioId={g.usuarioId}
                    servicios={g.servicios}
                    tipo={tipo}
                    seleccion={seleccion}
                    marcados={marcados}
                    onGrupo={(incluir) =>
                      setSeleccion((sel) => alternarGrupo(tipo, sel, g.servicios, incluir))
                    }
                    onServicio={(path, valor) =>
                      setSeleccion((sel) => {
                        const next = { ...sel };
                        if (valor === null) delete next[path];
                        else next[path] = valor;
                        return next;
                      })
                    }
                  />
                );
              })}
            </tbody>
          </table>
        )}
        {encontrados.length > MAX_FILAS && (
          <p className="px-5 py-3 text-sm text-slate-500">{MSG_NOTAS.filasLimitadas(MAX_FILAS, encontrados.length)}</p>
        )}
      </CardBody>
    </Card>
  );
}

/** The difference between the chosen values and the note's XML (said while they do not match) and 'Crear'. */
function PieNota(props: { diferencia: number | null; tipo: TTipoNota; conXml: boolean; creando: boolean; puedeCrear: boolean; onCrear: () => void }) {
  const { diferencia, tipo, conXml, creando, puedeCrear, onCrear } = props;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {diferencia !== null && (
        <p
          className={diferencia === 0 ? 'text-sm text-emerald-700' : 'text-sm text-amber-700'}
          data-testid="nota-diferencia"
        >
          {diferencia === 0 ? MSG_NOTAS.cuadraConXml : MSG_NOTAS.diferenciaConXml(formatCop(diferencia))}
        </p>
      )}
      <Button onClick={onCrear} isLoading={creando} disabled={!puedeCrear}>
        <FilePlus2 aria-hidden="true" className="size-4" />
        {tipo === 'NCTotal' ? MSG_NOTAS.crearNotaTotal : conXml ? MSG_NOTAS.crearYEditar : MSG_NOTAS.crearNota}
      </Button>
    </div>
  );
}
