import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import type { TBorradorDetalle, TEstructuraData } from '@radica/contracts/rips';
import { paqueteDeTipoNota } from '@radica/contracts/reglas';
import type { TTipoServicioRips } from '@radica/contracts/rips-codigos';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useBorrador, useEstructura, useRadicarBorrador } from '../api/borradores';
import { PaqueteHallazgos } from '../components/hallazgo-item';
import { VersionesModal } from '../components/versiones-modal';
import { AccionRechazada, rechazoDe, type TRechazo } from '../components/accion-rechazada';
import {
  AvisosDeGuardado,
  AvisosDeImportacion,
  ConfirmarEliminar,
  ConfirmarRadicar,
  EditorCabecera,
  FacturaCard,
  HallazgosGenerales,
  RespaldoLocal,
  TotalesCard,
  UsuariosPanel,
} from '../components/editor-partes';
import { useAutosave } from '../hooks/use-autosave';
import { useAtajosDelEditor, useUsuariosDelEditor, type TConfirmar } from '../hooks/use-editor-usuarios';
import { esRutaDeCampo, hallazgosPorRuta, primerCodPrestador, rechazosPorUsuario } from '../utils/rips-valores';

/** /listado-rips/{id}: the RIPS editor. */
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
  const [confirmarRadicar, setConfirmarRadicar] = useState(false);
  const [confirmar, setConfirmar] = useState<TConfirmar | null>(null);
  const [verVersiones, setVerVersiones] = useState(false);
  const [rechazo, setRechazo] = useState<TRechazo | null>(null);
  // what the import changed (a JSON's keys read as the ministry reads them, properties left out), said once
  const [avisos, setAvisos] = useState<string[]>(() => ((location.state as { avisos?: unknown } | null)?.avisos as string[] | undefined) ?? []);
  const radicar = useRadicarBorrador();
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

  const { eliminarUsuario, eliminarServicio, agregarUsuario } = useUsuariosDelEditor(s.autosave, usuarios, estructura, setSeleccion);
  const onEliminarServicio = useCallback((u: number, lista: TTipoServicioRips, j: number) => setConfirmar({ tipo: 'servicio', u, lista, j }), []);
  useAtajosDelEditor(editable, usuarios[actual], agregarUsuario);

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

  // findings explained for the package type of the RIPS (see PaqueteHallazgos)
  const vista = (
    <div className="mx-auto max-w-7xl space-y-4">
      <EditorCabecera
        titulo={titulo}
        detalle={detalle}
        estructura={estructura}
        s={s}
        editable={editable}
        radicando={radicar.isPending}
        onRadicar={() => (rechazos > 0 ? setConfirmarRadicar(true) : void onRadicar())}
        onVersiones={() => setVerVersiones(true)}
        onRechazo={setRechazo}
      />

      {rechazo && <AccionRechazada rechazo={rechazo} onCerrar={() => setRechazo(null)} />}
      <AvisosDeImportacion avisos={avisos} onEntendido={() => setAvisos([])} />
      <AvisosDeGuardado s={s} autosave={s.autosave} soloLecturaRol={soloLecturaPorRol ? rol : null} />
      <RespaldoLocal detalle={detalle} autosave={s.autosave} editable={editable} />
      {!editable && detalle.fevRipsId && (
        <Alert tone="info" title="RIPS radicado">
          <p>{MSG_RIPS.borradorRadicado}</p>
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <FacturaCard detalle={detalle} estructura={estructura} s={s} autosave={s.autosave} editable={editable} mapa={mapa} recargar={recargar} onRechazo={setRechazo} />
        <TotalesCard detalle={detalle} conciliacion={s.conciliacion} />
      </div>

      <HallazgosGenerales generales={generales} />

      <UsuariosPanel
        usuarios={usuarios}
        actual={actual}
        estructura={estructura}
        autosave={s.autosave}
        editable={editable}
        mapa={mapa}
        porUsuario={porUsuario}
        codPrestador={codPrestador}
        onSeleccion={setSeleccion}
        onAgregar={agregarUsuario}
        onConfirmar={setConfirmar}
        onEliminarServicio={onEliminarServicio}
      />

      <ConfirmarEliminar confirmar={confirmar} usuarios={usuarios} onCerrar={() => setConfirmar(null)} onEliminarUsuario={eliminarUsuario} onEliminarServicio={eliminarServicio} />
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

      <ConfirmarRadicar isOpen={confirmarRadicar} rechazos={rechazos} onCerrar={() => setConfirmarRadicar(false)} onRadicar={() => void onRadicar()} />
    </div>
  );
  return <PaqueteHallazgos.Provider value={paquete}>{vista}</PaqueteHallazgos.Provider>;
}
