import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CloudOff, Copy, Download, FileCode2, History, Plus, Send, Trash2 } from 'lucide-react';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ESTADO_BORRADOR_LABEL, type TBorradorDetalle, type TEstructuraData, type THallazgoRips } from '@radica/contracts/rips';
import { RIPS_TIPOS_SERVICIO, type TTipoServicioRips } from '@radica/contracts/rips-codigos';
import { ROL_NOMBRE, type TRol } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { formatCop, formatDate, formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { adjuntarXml, descargar } from '../api/borradores';
import { routes, urlDe } from '../../../lib/api-client';
import { Campo } from './campo';
import { HallazgoItem } from './hallazgo-item';
import { UsuarioEditor } from './usuario-editor';
import { rechazoDe, type TRechazo } from './accion-rechazada';
import { leerRespaldo, type Autosave, type TAutosaveVista, type TEstadoGuardado } from '../hooks/use-autosave';
import { documentoDe, serviciosDe, type TConfirmar } from '../hooks/use-editor-usuarios';
import { rutaCampo } from '../utils/rips-valores';

const GUARDADO_TEXTO: Record<TEstadoGuardado, string> = {
  guardado: 'Guardado',
  pendiente: 'Cambios sin guardar…',
  guardando: 'Guardando…',
  'sin-conexion': 'Sin conexión: los cambios quedan en este equipo y se guardarán al volver la conexión',
  conflicto: 'Otra pestaña guardó cambios',
  error: 'No se pudo guardar',
};

/** The editor's title, its state and save state, and its actions (downloads, versions, radicar). */
export function EditorCabecera(props: {
  titulo: string;
  detalle: TBorradorDetalle;
  estructura: TEstructuraData;
  s: TAutosaveVista;
  editable: boolean;
  radicando: boolean;
  onRadicar: () => void;
  onVersiones: () => void;
  onRechazo: (rechazo: TRechazo) => void;
}) {
  const { titulo, detalle, estructura, s, editable, onRechazo } = props;
  const bajar = (ruta: string, nombre: string) => void descargar(ruta, nombre).catch((e: unknown) => onRechazo(rechazoDe('No se pudo descargar', e)));
  const pendienteTexto = s.guardado === 'guardado' ? undefined : 'Espera a que se guarden los cambios';
  return (
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
          <Button size="sm" variant="secondary" onClick={props.onVersiones}>
            <History aria-hidden="true" className="size-4" /> Versiones anteriores
          </Button>
        )}
        {editable && detalle.factura && (
          <Button size="sm" onClick={props.onRadicar} isLoading={props.radicando} disabled={s.guardado !== 'guardado'} title={pendienteTexto}>
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
  );
}

/** The import's changes, said once until "Entendido" (a JSON's keys read as the ministry reads them). */
export function AvisosDeImportacion({ avisos, onEntendido }: { avisos: string[]; onEntendido: () => void }) {
  if (avisos.length === 0) return null;
  return (
    <Alert tone="info" title="Lo que cambió al importar">
      <ul className="list-disc space-y-0.5 pl-5">
        {avisos.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" className="mt-1" onClick={onEntendido}>
        Entendido
      </Button>
    </Alert>
  );
}

/** Read-only by role, another tab's save, a failed save: what the editor says above the RIPS about saving it. */
export function AvisosDeGuardado({ s, autosave, soloLecturaRol }: { s: TAutosaveVista; autosave: Autosave; soloLecturaRol: TRol | null }) {
  return (
    <>
      {soloLecturaRol && (
        <Alert tone="info" title="Solo lectura">
          <p>{MSG_RIPS.soloLecturaRol(ROL_NOMBRE[soloLecturaRol])}</p>
        </Alert>
      )}
      {s.conflicto && (
        <Alert tone="info" title="Este RIPS cambió en otra pestaña">
          <p>{MSG_RIPS.borradorCambio}</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="secondary" onClick={autosave.recargar}>
              Recargar la versión guardada
            </Button>
            <Button size="sm" onClick={autosave.sobrescribir}>
              Sobrescribir con mis cambios
            </Button>
          </div>
        </Alert>
      )}
      {s.guardado === 'error' && (
        <Alert tone="error" title="No se pudo guardar">
          <p>{s.errorTexto} Tus cambios siguen en este equipo.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={autosave.reintentar}>
            Reintentar
          </Button>
        </Alert>
      )}
    </>
  );
}

/**
 * Changes this device kept and the server never got (local storage), offered back when they differ from the saved
 * RIPS. Read once, when the editor opens.
 */
export function RespaldoLocal({ detalle, autosave, editable }: { detalle: TBorradorDetalle; autosave: Autosave; editable: boolean }) {
  const [respaldo, setRespaldo] = useState(() => {
    const r = leerRespaldo(detalle.id);
    return r && JSON.stringify(r.rips) !== JSON.stringify(detalle.rips) ? r : null;
  });
  if (!respaldo || !editable) return null;
  return (
    <Alert tone="info" title="Hay cambios que no alcanzaron a guardarse">
      <p>Quedaron en este equipo el {formatDateTime(respaldo.fecha)}. ¿Recuperarlos?</p>
      <div className="mt-2 flex gap-2">
        <Button
          size="sm"
          onClick={() => {
            autosave.reemplazar(respaldo.rips);
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
  );
}

/** The invoice card: the XML's summary, loading or changing it, and the transaction's fields. */
export function FacturaCard(props: {
  detalle: TBorradorDetalle;
  estructura: TEstructuraData;
  s: TAutosaveVista;
  autosave: Autosave;
  editable: boolean;
  mapa: Map<string, THallazgoRips[]>;
  recargar: () => void;
  onRechazo: (rechazo: TRechazo | null) => void;
}) {
  const { detalle, estructura, s, autosave, editable, mapa, recargar, onRechazo } = props;
  const xmlInput = useRef<HTMLInputElement>(null);
  const onXml = async (file: File | undefined) => {
    if (!file) return;
    onRechazo(null);
    try {
      await adjuntarXml(detalle.id, s.version, file);
      recargar();
    } catch (error) {
      onRechazo(rechazoDe('No se pudo cargar la factura (XML)', error));
    } finally {
      if (xmlInput.current) xmlInput.current.value = '';
    }
  };
  return (
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
            <Campo key={c.campo} id={`tx-${c.campo}`} campo={c} value={s.rips[c.campo]} onChange={(campo, v) => autosave.setTransaccion({ [campo]: v })} hallazgos={mapa.get(rutaCampo(null, null, null, c.campo))} />
          ))}
        </fieldset>
      </CardBody>
    </Card>
  );
}

/** The totals of the RIPS, and with an invoice their differences from it (red when they do not match). */
export function TotalesCard({ detalle, conciliacion }: { detalle: TBorradorDetalle; conciliacion: TAutosaveVista['conciliacion'] }) {
  return (
    <Card aria-labelledby="conciliacion-title">
      <CardHeader id="conciliacion-title" title="Totales" />
      <CardBody>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm" data-testid="conciliacion">
          <dt className="text-slate-500">Usuarios</dt>
          <dd className="text-right">{conciliacion.cantidadUsuarios}</dd>
          <dt className="text-slate-500">Servicios</dt>
          <dd className="text-right">{conciliacion.cantidadServicios}</dd>
          <dt className="text-slate-500">Valor servicios</dt>
          <dd className="text-right">{formatCop(conciliacion.totalValorServicios)}</dd>
          <dt className="text-slate-500">Pagos moderadores</dt>
          <dd className="text-right">{formatCop(conciliacion.totalPagoModerador)}</dd>
          {detalle.factura && (
            <>
              <dt className="text-slate-500">Factura (bruto)</dt>
              <dd className="text-right">{formatCop(detalle.factura.totalBruto ?? 0)}</dd>
              <dt className="text-slate-500">Diferencia servicios</dt>
              <dd className={cn('text-right font-medium', conciliacion.diferenciaValorServicios ? 'text-red-700' : 'text-emerald-700')}>{formatCop(conciliacion.diferenciaValorServicios ?? 0)}</dd>
              <dt className="text-slate-500">Diferencia moderadores</dt>
              <dd className={cn('text-right font-medium', conciliacion.diferenciaPagosModeradores ? 'text-red-700' : 'text-emerald-700')}>{formatCop(conciliacion.diferenciaPagosModeradores ?? 0)}</dd>
            </>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}

/** Findings of the whole file or of the invoice (the first 50); a field's findings show next to the field. */
export function HallazgosGenerales({ generales }: { generales: THallazgoRips[] }) {
  if (generales.length === 0) return null;
  return (
    <Card>
      <CardHeader title={`Hallazgos generales (${generales.length})`} description="Del archivo entero o de la factura; los de cada campo aparecen junto al campo." />
      <CardBody className="space-y-1" data-testid="hallazgos-generales">
        {generales.slice(0, 50).map((h, i) => (
          <HallazgoItem key={`${h.codigo}-${i}`} h={h} />
        ))}
      </CardBody>
    </Card>
  );
}

/** The users of the RIPS: the list to pick one (with its rejections counted) and the selected user's editor. */
export function UsuariosPanel(props: {
  usuarios: Record<string, unknown>[];
  actual: number;
  estructura: TEstructuraData;
  autosave: Autosave;
  editable: boolean;
  mapa: Map<string, THallazgoRips[]>;
  porUsuario: Map<number, number>;
  codPrestador: string | null;
  onSeleccion: (u: number) => void;
  onAgregar: (copia?: Record<string, unknown>) => void;
  onConfirmar: (confirmar: TConfirmar) => void;
  onEliminarServicio: (u: number, lista: TTipoServicioRips, j: number) => void;
}) {
  const { usuarios, actual, editable, porUsuario, onAgregar } = props;
  return (
    <div className="grid gap-4 lg:grid-cols-[14rem_1fr] [&>*]:min-w-0">
      <Card className="h-fit">
        <CardHeader
          title={`Usuarios (${usuarios.length})`}
          actions={
            editable && (
              <Button size="sm" variant="secondary" onClick={() => onAgregar()} aria-keyshortcuts="Alt+U">
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
                  onClick={() => props.onSeleccion(i)}
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
                    <Button size="sm" variant="ghost" onClick={() => onAgregar(usuarios[actual])}>
                      <Copy aria-hidden="true" className="size-4" /> Duplicar usuario
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => props.onConfirmar({ tipo: 'usuario', u: actual })}>
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
                  estructura={props.estructura}
                  hallazgos={props.mapa}
                  onChange={props.autosave.setUsuario}
                  editable={editable}
                  codPrestador={props.codPrestador}
                  onEliminarServicio={props.onEliminarServicio}
                />
              </fieldset>
            </CardBody>
          </Card>
        ) : (
          <Card>
            <EmptyState title="El RIPS aún no tiene usuarios" description="Agrega los usuarios atendidos y sus servicios." action={editable && <Button onClick={() => onAgregar()}>Agregar usuario</Button>} />
          </Card>
        )}
      </div>
    </div>
  );
}

/** The confirmation before removing a user or a service (docs/decisions/050). */
export function ConfirmarEliminar(props: {
  confirmar: TConfirmar | null;
  usuarios: Record<string, unknown>[];
  onCerrar: () => void;
  onEliminarUsuario: (u: number) => void;
  onEliminarServicio: (u: number, lista: TTipoServicioRips, j: number) => void;
}) {
  const { confirmar, usuarios, onCerrar } = props;
  return (
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
      onClose={onCerrar}
      footer={
        <>
          <Button variant="secondary" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              const c = confirmar;
              onCerrar();
              if (c?.tipo === 'usuario') props.onEliminarUsuario(c.u);
              else if (c) props.onEliminarServicio(c.u, c.lista, c.j);
            }}
          >
            {confirmar?.tipo === 'usuario' ? 'Eliminar usuario' : 'Eliminar servicio'}
          </Button>
        </>
      }
    >
      <p>{confirmar?.tipo === 'usuario' ? MSG_RIPS.eliminarUsuarioTexto(documentoDe(usuarios[confirmar.u]), serviciosDe(usuarios[confirmar.u])) : MSG_RIPS.eliminarServicioTexto}</p>
    </Modal>
  );
}

/** The confirmation before filing a RIPS the ministry will reject (`rechazos` findings of class RECHAZADO). */
export function ConfirmarRadicar({ isOpen, rechazos, onCerrar, onRadicar }: { isOpen: boolean; rechazos: number; onCerrar: () => void; onRadicar: () => void }) {
  return (
    <Modal
      isOpen={isOpen}
      title="¿Radicar con hallazgos?"
      tone="warning"
      onClose={onCerrar}
      footer={
        <>
          <Button variant="secondary" onClick={onCerrar}>
            Seguir corrigiendo
          </Button>
          <Button onClick={onRadicar}>Radicar de todos modos</Button>
        </>
      }
    >
      <p>El RIPS tiene {rechazos} hallazgo(s) que el Ministerio rechazará. Puedes radicarlo y corregirlo después desde el documento.</p>
    </Modal>
  );
}
