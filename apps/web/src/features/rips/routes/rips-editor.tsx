import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowLeft, CloudOff, Copy, Download, FileCode2, History, Plus, Send, Trash2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ESTADO_BORRADOR_LABEL, type TBorradorDetalle, type TEstructuraData } from '@radica/contracts/rips';
import { paqueteDeTipoNota } from '@radica/contracts/reglas';
import { RIPS_TIPOS_SERVICIO, type TTipoServicioRips } from '@radica/contracts/rips-codigos';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { Modal } from '../../../components/ui/modal';
import { formatCop, formatDate, formatDateTime } from '../../../lib/format';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { cn } from '../../../lib/cn';
import { adjuntarXml, descargar, useBorrador, useEstructura, useRadicarBorrador } from '../api/borradores';
import { routes, urlDe } from '../../../lib/api-client';
import { Campo } from '../components/campo';
import { HallazgoItem, PaqueteHallazgos } from '../components/hallazgo-item';
import { UsuarioEditor, enfocar } from '../components/usuario-editor';
import { VersionesModal } from '../components/versiones-modal';
import { AccionRechazada, rechazoDe, type TRechazo } from '../components/accion-rechazada';
import { leerRespaldo, useAutosave, type TEstadoGuardado } from '../hooks/use-autosave';
import { esRutaDeCampo, hallazgosPorRuta, nuevoUsuario, primerCodPrestador, rechazosPorUsuario, rutaCampo } from '../utils/rips-valores';

const GUARDADO_TEXTO: Record<TEstadoGuardado, string> = {
  guardado: 'Guardado',
  pendiente: 'Cambios sin guardar…',
  guardando: 'Guardando…',
  'sin-conexion': 'Sin conexión: los cambios quedan en este equipo y se guardarán al volver la conexión',
  conflicto: 'Otra pestaña guardó cambios',
  error: 'No se pudo guardar',
};

/** What to confirm before removing more than one field (docs/decisions/050). */
type TConfirmar = { tipo: 'usuario'; u: number } | { tipo: 'servicio'; u: number; lista: TTipoServicioRips; j: number };

const serviciosDe = (usuario: Record<string, unknown> | undefined): number => {
  const servicios = usuario?.['servicios'];
  if (typeof servicios !== 'object' || servicios === null) return 0;
  return Object.values(servicios).reduce<number>((n, items) => n + (Array.isArray(items) ? items.length : 0), 0);
};
const documentoDe = (usuario: Record<string, unknown> | undefined) => `${String(usuario?.['tipoDocumentoIdentificacion'] ?? '')} ${String(usuario?.['numDocumentoIdentificacion'] ?? '—')}`.trim();

/** /listado-rips/{id} (issue 27 §3): the RIPS editor. */
export function RipsEditorRoute() {
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const detalle = useBorrador(id ?? 0);
  const estructura = useEstructura(detalle.data?.estructura);
  if (id === null || (detalle.error instanceof HttpError && detalle.error.status === 404))
    return (
      <Card className="mx-auto max-w-2xl">
        <EmptyState title={MSG_RIPS.borradorNoEncontrado} action={<Link to="/listado-rips" className={buttonClasses('secondary')}>Volver al listado</Link>} />
      </Card>
    );
  if (detalle.isError)
    return (
      <Alert tone="error" className="mx-auto max-w-2xl" title="No se pudo abrir el RIPS">
        <p>{getErrorMessage(detalle.error)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void detalle.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  if (!detalle.data || !estructura.data) return <LoadingScreen text={MSG.uiLoading} />;
  return <Editor key={`${detalle.data.id}-${detalle.dataUpdatedAt}`} detalle={detalle.data} estructura={estructura.data} />;
}

function Editor({ detalle, estructura }: { detalle: TBorradorDetalle; estructura: TEstructuraData }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const recargar = useCallback(() => void qc.invalidateQueries({ queryKey: ['rips', 'borrador', detalle.id] }), [qc, detalle.id]);
  const s = useAutosave(detalle, recargar);
  const [seleccion, setSeleccion] = useState(0);
  const [respaldo, setRespaldo] = useState(() => {
    const r = leerRespaldo(detalle.id);
    return r && JSON.stringify(r.rips) !== JSON.stringify(detalle.rips) ? r : null;
  });
  const [confirmarRadicar, setConfirmarRadicar] = useState(false);
  const [confirmar, setConfirmar] = useState<TConfirmar | null>(null);
  const [verVersiones, setVerVersiones] = useState(false);
  const [rechazo, setRechazo] = useState<TRechazo | null>(null);
  // what the import changed (a JSON's keys read as the ministry reads them, properties left out), said once
  const [avisos, setAvisos] = useState<string[]>(() => ((location.state as { avisos?: unknown } | null)?.avisos as string[] | undefined) ?? []);
  const radicar = useRadicarBorrador();
  const xmlInput = useRef<HTMLInputElement>(null);
  // The role groups every API route declares (contracts ACCESO): a role that only reads gets the RIPS read-only.
  const puede = usePuede();
  const rol = useRol();
  const soloLecturaPorRol = detalle.editable && !puede.edicion;
  const editable = detalle.editable && puede.edicion;
  const mapa = useMemo(() => hallazgosPorRuta(s.hallazgos), [s.hallazgos]);
  const porUsuario = useMemo(() => rechazosPorUsuario(s.hallazgos), [s.hallazgos]);
  const usuarios = s.rips.usuarios;
  const actual = Math.min(seleccion, Math.max(0, usuarios.length - 1));
  const rechazos = s.hallazgos.filter((h) => h.clase === 'RECHAZADO').length;
  const generales = s.hallazgos.filter((h) => h.fuente !== 'Rips' || !esRutaDeCampo(h.pathFuente, estructura, s.rips));
  // the package type its findings' classes and fixes are given for (a credit note's RIPS: docs/decisions/049)
  const paquete = paqueteDeTipoNota(s.rips['tipoNota']);
  const codPrestador = primerCodPrestador(s.rips) ?? detalle.codPrestadorSugerido;
  const numero = (s.rips['numNota'] as string | null) && s.rips['tipoNota'] ? (s.rips['numNota'] as string) : ((s.rips['numFactura'] as string | null) ?? null);
  const titulo = numero ? `RIPS ${numero}` : MSG_RIPS.borradorSinNumero;

  const eliminarUsuario = (u: number) => {
    const usuario = usuarios[u];
    if (!usuario) return;
    const servicios = serviciosDe(usuario);
    s.autosave.eliminarUsuario(u);
    setSeleccion(Math.max(0, u - 1));
    toast(MSG_RIPS.usuarioEliminado(servicios), {
      duration: 15_000,
      action: {
        label: 'Deshacer',
        onClick: () => {
          // the exact inverse: the same user, with its services, back at its place
          const ahora = s.autosave.snapshot().rips.usuarios;
          const en = Math.min(u, ahora.length);
          s.autosave.insertarUsuario(en, usuario);
          setSeleccion(en);
        },
      },
    });
  };
  const eliminarServicio = (u: number, lista: TTipoServicioRips, j: number) => {
    const usuario = usuarios[u];
    const items = (usuario?.['servicios'] as Record<string, Record<string, unknown>[]> | undefined)?.[lista] ?? [];
    const servicio = items[j];
    if (!usuario || !servicio) return;
    const servicios = { ...(usuario['servicios'] as Record<string, Record<string, unknown>[]>) };
    const resto = items.filter((_, k) => k !== j);
    if (resto.length > 0) servicios[lista] = resto;
    else delete servicios[lista];
    s.autosave.setUsuario(u, { ...usuario, servicios });
    const nombre = `${RIPS_TIPOS_SERVICIO[lista]} ${j + 1}`;
    toast(MSG_RIPS.servicioEliminado(nombre), {
      duration: 15_000,
      action: {
        label: 'Deshacer',
        onClick: () => {
          const ahora = s.autosave.snapshot().rips.usuarios[u];
          // the user moved (another one removed meanwhile): the versions keep it
          if (!ahora || documentoDe(ahora) !== documentoDe(usuario)) {
            toast.error(MSG_RIPS.deshacerNoAplica);
            return;
          }
          const actuales = { ...((ahora['servicios'] as Record<string, Record<string, unknown>[]> | undefined) ?? {}) };
          const lista2 = [...(actuales[lista] ?? [])];
          lista2.splice(Math.min(j, lista2.length), 0, servicio);
          s.autosave.setUsuario(u, { ...ahora, servicios: { ...actuales, [lista]: lista2 } });
        },
      },
    });
  };
  const onEliminarServicio = useCallback((u: number, lista: TTipoServicioRips, j: number) => setConfirmar({ tipo: 'servicio', u, lista, j }), []);

  const agregarUsuario = (copia?: Record<string, unknown>) => {
    const u = usuarios.length;
    const usuario = copia ? { ...structuredClone(copia), consecutivo: u + 1 } : nuevoUsuario(estructura.usuario, u + 1);
    s.autosave.insertarUsuario(u, usuario);
    setSeleccion(u);
    enfocar(`u${u}-${estructura.usuario[0]!.campo}`);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!editable || !e.altKey || document.querySelector('[role="dialog"]')) return;
    const key = e.code === 'KeyU' ? 'u' : e.code === 'KeyN' ? 'n' : e.code === 'KeyD' ? 'd' : e.key.toLowerCase();
    const target = e.target as HTMLElement;
    if (key === 'u') {
      e.preventDefault();
      if (e.shiftKey && usuarios[actual]) agregarUsuario(usuarios[actual]);
      else agregarUsuario();
    } else if (key === 'n') {
      e.preventDefault();
      const lista = target.closest<HTMLElement>('[data-lista]')?.dataset['lista'] ?? ultimaLista(usuarios[actual]) ?? 'consultas';
      document.querySelector<HTMLButtonElement>(`[data-agregar="${lista}"]`)?.click();
    } else if (key === 'd') {
      e.preventDefault();
      const servicio = target.closest<HTMLElement>('[data-servicio]')?.dataset['servicio'];
      if (servicio) document.querySelector<HTMLButtonElement>(`[data-duplicar="${servicio}"]`)?.click();
    }
  };

  // the editor's shortcuts work wherever the focus is on the page (also before the first field has it)
  const onKeyDownRef = useRef(onKeyDown);
  useEffect(() => {
    onKeyDownRef.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyDownRef.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const onRadicar = async () => {
    setConfirmarRadicar(false);
    setRechazo(null);
    try {
      const r = await radicar.mutateAsync(detalle.id);
      localStorage.removeItem(`radica:rips:${detalle.id}`);
      toast.success(MSG_RIPS.borradorRadicadoOk);
      navigate(`/ministerio/${r.fevRipsId}`);
    } catch (error) {
      // said on the page, with the document to open, until closed (a toast went by unread)
      setRechazo(rechazoDe(MSG_RIPS.radicarNoSePudo, error));
    }
  };
  const onXml = async (file: File | undefined) => {
    if (!file) return;
    setRechazo(null);
    try {
      await adjuntarXml(detalle.id, s.version, file);
      recargar();
    } catch (error) {
      setRechazo(rechazoDe('No se pudo cargar la factura (XML)', error));
    } finally {
      if (xmlInput.current) xmlInput.current.value = '';
    }
  };
  const bajar = (ruta: string, nombre: string) => void descargar(ruta, nombre).catch((e: unknown) => setRechazo(rechazoDe('No se pudo descargar', e)));
  const pendienteTexto = s.guardado === 'guardado' ? undefined : 'Espera a que se guarden los cambios';

  // findings explained for the package type of the RIPS (see PaqueteHallazgos)
  const vista = (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]">{titulo}</h2>
          <p className="text-sm text-slate-500">
            {ESTADO_BORRADOR_LABEL[detalle.estado === 'RADICADO' ? 'RADICADO' : s.estado]} · {estructura.norma} ·{' '}
            <span role="status" data-testid="estado-guardado" data-estado={s.guardado} className={cn(s.guardado === 'guardado' ? 'text-emerald-700' : 'text-amber-700')}>
              {s.guardado === 'sin-conexion' && <CloudOff aria-hidden="true" className="mr-1 inline size-4" />}
              {GUARDADO_TEXTO[s.guardado]}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/listado-rips" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Listado
          </Link>
          <Button size="sm" variant="secondary" onClick={() => bajar(urlDe(routes.rips.json, { params: { id: detalle.id } }), 'rips.json')} disabled={s.guardado !== 'guardado'} title={pendienteTexto}>
            <Download aria-hidden="true" className="size-4" /> JSON
          </Button>
          <Button size="sm" variant="secondary" onClick={() => bajar(urlDe(routes.rips.hoja, { params: { id: detalle.id }, query: { formato: 'xlsx' } }), 'rips.xlsx')} disabled={s.guardado !== 'guardado'} title={pendienteTexto}>
            <Download aria-hidden="true" className="size-4" /> Excel
          </Button>
          <Button size="sm" variant="secondary" onClick={() => bajar(urlDe(routes.rips.hoja, { params: { id: detalle.id }, query: { formato: 'csv' } }), 'rips.csv')} disabled={s.guardado !== 'guardado'} title={pendienteTexto}>
            <Download aria-hidden="true" className="size-4" /> CSV
          </Button>
          {editable && (
            <Button size="sm" variant="secondary" onClick={() => setVerVersiones(true)}>
              <History aria-hidden="true" className="size-4" /> Versiones anteriores
            </Button>
          )}
          {editable && detalle.factura && (
            <Button size="sm" onClick={() => (rechazos > 0 ? setConfirmarRadicar(true) : void onRadicar())} isLoading={radicar.isPending} disabled={s.guardado !== 'guardado'} title={pendienteTexto}>
              <Send aria-hidden="true" className="size-4" /> Radicar
            </Button>
          )}
          {detalle.fevRipsId && (
            <Link to={`/ministerio/${detalle.fevRipsId}`} className={buttonClasses('primary', 'sm')}>
              Ver documento del Ministerio
            </Link>
          )}
        </div>
      </div>

      {rechazo && <AccionRechazada rechazo={rechazo} onCerrar={() => setRechazo(null)} />}
      {avisos.length > 0 && (
        <Alert tone="info" title="Lo que cambió al importar">
          <ul className="list-disc space-y-0.5 pl-5">
            {avisos.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
          <Button size="sm" variant="ghost" className="mt-1" onClick={() => setAvisos([])}>
            Entendido
          </Button>
        </Alert>
      )}
      {soloLecturaPorRol && rol && (
        <Alert tone="info" title="Solo lectura">
          <p>{MSG_RIPS.soloLecturaRol(ROL_NOMBRE[rol])}</p>
        </Alert>
      )}
      {s.conflicto && (
        <Alert tone="info" title="Este RIPS cambió en otra pestaña">
          <p>{MSG_RIPS.borradorCambio}</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="secondary" onClick={s.autosave.recargar}>
              Recargar la versión guardada
            </Button>
            <Button size="sm" onClick={s.autosave.sobrescribir}>
              Sobrescribir con mis cambios
            </Button>
          </div>
        </Alert>
      )}
      {s.guardado === 'error' && (
        <Alert tone="error" title="No se pudo guardar">
          <p>{s.errorTexto} Tus cambios siguen en este equipo.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={s.autosave.reintentar}>
            Reintentar
          </Button>
        </Alert>
      )}
      {respaldo && editable && (
        <Alert tone="info" title="Hay cambios que no alcanzaron a guardarse">
          <p>Quedaron en este equipo el {formatDateTime(respaldo.fecha)}. ¿Recuperarlos?</p>
          <div className="mt-2 flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                s.autosave.reemplazar(respaldo.rips);
                setRespaldo(null);
              }}
            >
              Recuperar mis cambios
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                localStorage.removeItem(`radica:rips:${detalle.id}`);
                setRespaldo(null);
              }}
            >
              Descartar
            </Button>
          </div>
        </Alert>
      )}
      {!editable && detalle.fevRipsId && (
        <Alert tone="info" title="RIPS radicado">
          <p>{MSG_RIPS.borradorRadicado}</p>
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <Card className="lg:col-span-2">
          <CardHeader
            title="Factura"
            description={detalle.factura ? `${detalle.factura.nombreArchivo} · emitida ${formatDate(detalle.factura.fechaEmision, '—')} · periodo ${formatDate(detalle.factura.periodoInicio, '—')} a ${formatDate(detalle.factura.periodoFin, '—')} · prestador ${detalle.factura.codigoPrestador ?? '—'}` : 'Sin factura XML: cárgala para conciliar los totales y radicar.'}
            actions={
              editable && (
                <>
                  <input ref={xmlInput} type="file" accept=".xml" className="sr-only" aria-label="Factura electrónica (XML)" onChange={(e) => void onXml(e.target.files?.[0])} />
                  <Button size="sm" variant="secondary" onClick={() => xmlInput.current?.click()}>
                    <FileCode2 aria-hidden="true" className="size-4" /> {detalle.factura ? 'Cambiar XML' : 'Cargar XML'}
                  </Button>
                </>
              )
            }
          />
          <CardBody>
            <fieldset disabled={!editable} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {estructura.transaccion.map((c) => (
                <Campo key={c.campo} id={`tx-${c.campo}`} campo={c} value={s.rips[c.campo]} onChange={(campo, v) => s.autosave.setTransaccion({ [campo]: v })} hallazgos={mapa.get(rutaCampo(null, null, null, c.campo))} />
              ))}
            </fieldset>
          </CardBody>
        </Card>
        <Card aria-labelledby="conciliacion-title">
          <CardHeader id="conciliacion-title" title="Totales" />
          <CardBody>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm" data-testid="conciliacion">
              <dt className="text-slate-500">Usuarios</dt>
              <dd className="text-right">{s.conciliacion.cantidadUsuarios}</dd>
              <dt className="text-slate-500">Servicios</dt>
              <dd className="text-right">{s.conciliacion.cantidadServicios}</dd>
              <dt className="text-slate-500">Valor servicios</dt>
              <dd className="text-right">{formatCop(s.conciliacion.totalValorServicios)}</dd>
              <dt className="text-slate-500">Pagos moderadores</dt>
              <dd className="text-right">{formatCop(s.conciliacion.totalPagoModerador)}</dd>
              {detalle.factura && (
                <>
                  <dt className="text-slate-500">Factura (bruto)</dt>
                  <dd className="text-right">{formatCop(detalle.factura.totalBruto ?? 0)}</dd>
                  <dt className="text-slate-500">Diferencia servicios</dt>
                  <dd className={cn('text-right font-medium', s.conciliacion.diferenciaValorServicios ? 'text-red-700' : 'text-emerald-700')}>{formatCop(s.conciliacion.diferenciaValorServicios ?? 0)}</dd>
                  <dt className="text-slate-500">Diferencia moderadores</dt>
                  <dd className={cn('text-right font-medium', s.conciliacion.diferenciaPagosModeradores ? 'text-red-700' : 'text-emerald-700')}>{formatCop(s.conciliacion.diferenciaPagosModeradores ?? 0)}</dd>
                </>
              )}
            </dl>
          </CardBody>
        </Card>
      </div>

      {generales.length > 0 && (
        <Card>
          <CardHeader title={`Hallazgos generales (${generales.length})`} description="Del archivo entero o de la factura; los de cada campo aparecen junto al campo." />
          <CardBody className="space-y-1" data-testid="hallazgos-generales">
            {generales.slice(0, 50).map((h, i) => (
              <HallazgoItem key={`${h.codigo}-${i}`} h={h} />
            ))}
          </CardBody>
        </Card>
      )}

      <div className="grid gap-4 lg:grid-cols-[14rem_1fr] [&>*]:min-w-0">
        <Card className="h-fit">
          <CardHeader
            title={`Usuarios (${usuarios.length})`}
            actions={
              editable && (
                <Button size="sm" variant="secondary" onClick={() => agregarUsuario()} aria-keyshortcuts="Alt+U">
                  <Plus aria-hidden="true" className="size-4" /> Usuario
                </Button>
              )
            }
          />
          <nav aria-label="Usuarios del RIPS" className="max-h-[60vh] overflow-auto p-2">
            <ol className="space-y-1">
              {usuarios.map((u, i) => (
                <li key={i}>
                  <button
                    type="button"
                    aria-current={i === actual ? 'true' : undefined}
                    onClick={() => setSeleccion(i)}
                    className={cn('flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left text-sm', i === actual ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50')}
                  >
                    <span className="truncate">
                      {i + 1}. {String(u['tipoDocumentoIdentificacion'] ?? '')} {String(u['numDocumentoIdentificacion'] ?? '—')}
                    </span>
                    {porUsuario.get(i) ? <span className="ml-1 rounded bg-red-100 px-1.5 text-xs text-red-700">{porUsuario.get(i)}</span> : null}
                  </button>
                </li>
              ))}
            </ol>
            {usuarios.length === 0 && <p className="px-2 py-4 text-sm text-slate-500">Sin usuarios. Agrega el primero (Alt+U).</p>}
          </nav>
        </Card>
        <div className="min-w-0">
          {usuarios[actual] ? (
            <Card>
              <CardHeader
                title={`Usuario ${actual + 1}`}
                description="Alt+U agrega un usuario, Alt+Mayús+U lo duplica; Alt+N agrega un servicio a la lista donde estás, Alt+D duplica el servicio."
                actions={
                  editable && (
                    <>
                      <Button size="sm" variant="ghost" onClick={() => agregarUsuario(usuarios[actual])}>
                        <Copy aria-hidden="true" className="size-4" /> Duplicar usuario
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirmar({ tipo: 'usuario', u: actual })}>
                        <Trash2 aria-hidden="true" className="size-4" /> Eliminar usuario
                      </Button>
                    </>
                  )
                }
              />
              <CardBody>
                <fieldset disabled={!editable} className="min-w-0">
                  <UsuarioEditor
                    u={actual}
                    usuario={usuarios[actual]!}
                    estructura={estructura}
                    hallazgos={mapa}
                    onChange={s.autosave.setUsuario}
                    editable={editable}
                    codPrestador={codPrestador}
                    onEliminarServicio={onEliminarServicio}
                  />
                </fieldset>
              </CardBody>
            </Card>
          ) : (
            <Card>
              <EmptyState title="El RIPS aún no tiene usuarios" description="Agrega los usuarios atendidos y sus servicios." action={editable && <Button onClick={() => agregarUsuario()}>Agregar usuario</Button>} />
            </Card>
          )}
        </div>
      </div>

      <Modal
        isOpen={confirmar !== null}
        tone="warning"
        title={
          confirmar?.tipo === 'usuario'
            ? MSG_RIPS.eliminarUsuarioTitulo(confirmar.u + 1)
            : confirmar
              ? MSG_RIPS.eliminarServicioTitulo(`${RIPS_TIPOS_SERVICIO[confirmar.lista]} ${confirmar.j + 1}`)
              : ''
        }
        onClose={() => setConfirmar(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmar(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const c = confirmar;
                setConfirmar(null);
                if (c?.tipo === 'usuario') eliminarUsuario(c.u);
                else if (c) eliminarServicio(c.u, c.lista, c.j);
              }}
            >
              {confirmar?.tipo === 'usuario' ? 'Eliminar usuario' : 'Eliminar servicio'}
            </Button>
          </>
        }
      >
        <p>{confirmar?.tipo === 'usuario' ? MSG_RIPS.eliminarUsuarioTexto(documentoDe(usuarios[confirmar.u]), serviciosDe(usuarios[confirmar.u])) : MSG_RIPS.eliminarServicioTexto}</p>
      </Modal>
      {verVersiones && (
        <VersionesModal
          id={detalle.id}
          version={s.version}
          guardado={s.guardado === 'guardado'}
          onClose={() => setVerVersiones(false)}
          onRestaurada={() => {
            setVerVersiones(false);
            localStorage.removeItem(`radica:rips:${detalle.id}`);
            recargar();
          }}
          onError={(error) => setRechazo(rechazoDe('No se pudo restaurar la versión', error))}
        />
      )}

      <Modal
        isOpen={confirmarRadicar}
        title="¿Radicar con hallazgos?"
        tone="warning"
        onClose={() => setConfirmarRadicar(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmarRadicar(false)}>
              Seguir corrigiendo
            </Button>
            <Button onClick={() => void onRadicar()}>Radicar de todos modos</Button>
          </>
        }
      >
        <p>El RIPS tiene {rechazos} hallazgo(s) que el Ministerio rechazará. Puedes radicarlo y corregirlo después desde el documento.</p>
      </Modal>
    </div>
  );
  return <PaqueteHallazgos.Provider value={paquete}>{vista}</PaqueteHallazgos.Provider>;
}

/** The last service list the user has rows in (Alt+N's default). */
function ultimaLista(usuario: Record<string, unknown> | undefined): string | undefined {
  const servicios = usuario?.['servicios'];
  if (typeof servicios !== 'object' || servicios === null) return undefined;
  return Object.keys(servicios).pop();
}
