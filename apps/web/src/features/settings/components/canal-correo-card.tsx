import { useId, useRef, useState, type FormEvent } from 'react';
import { RefreshCw, X } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { CORREO_MAX_REMITENTES, ZRemitente, type TCanalCorreo } from '@radica/contracts/canal-correo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useCanalCorreo } from '../api/get-canal-correo';
import { useRotateCanalCorreo } from '../api/rotate-canal-correo';
import { useUpdateCanalCorreo } from '../api/update-canal-correo';
import { CanalCorreoEntrantes } from './canal-correo-entrantes';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CopyField } from '../../../components/ui/copy-field';

/** The inbound address, read-only, with 'Copiar dirección' and 'Rotar dirección' (after a confirmation). */
function Direccion({ direccion, onRotate }: { direccion: string; onRotate: () => void }) {
  return (
    <CopyField
      label={MSG_CORREO.direccionEtiqueta}
      value={direccion}
      testId="direccion-correo"
      copyText={MSG_CORREO.copiarDireccion}
      messages={{ ok: MSG_CORREO.direccionCopiada, fail: MSG_CORREO.direccionNoCopiada }}
      actions={
        <Button variant="secondary" className="shrink-0" onClick={onRotate}>
          <RefreshCw aria-hidden="true" className="size-4" /> {MSG_CORREO.rotarDireccion}
        </Button>
      }
    />
  );
}

/**
 * The settings form: allowed senders (add with Enter or 'Agregar', each validated with the API's own schema; remove
 * with its 'Quitar' button), automatic sending and the channel's switch; 'Guardar canal de correo' saves all at once.
 */
function Ajustes({ canal }: { canal: TCanalCorreo }) {
  const ids = useId();
  const update = useUpdateCanalCorreo();
  const [remitentes, setRemitentes] = useState(canal.remitentes);
  const [envioAutomatico, setEnvioAutomatico] = useState(canal.envioAutomatico);
  const [activo, setActivo] = useState(canal.activo);
  const [nuevo, setNuevo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  const isDirty =
    remitentes.join(',') !== canal.remitentes.join(',') || envioAutomatico !== canal.envioAutomatico || activo !== canal.activo;

  const onAdd = (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = ZRemitente.safeParse(nuevo);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (remitentes.includes(parsed.data)) return setError(MSG_CORREO.remitenteRepetido);
    if (remitentes.length >= CORREO_MAX_REMITENTES) return setError(MSG_CORREO.remitentesMaximo(CORREO_MAX_REMITENTES));
    setRemitentes([...remitentes, parsed.data]);
    setNuevo('');
    setError(undefined);
    inputRef.current?.focus();
  };
  const onRemove = (correo: string) => {
    setRemitentes(remitentes.filter((r) => r !== correo));
    inputRef.current?.focus();
  };
  const onSave = async () => {
    try {
      await update.mutateAsync({ remitentes, envioAutomatico, activo });
      toast.success(MSG_CORREO.canalActualizado);
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  return (
    <div className="space-y-5">
      <section aria-labelledby={`${ids}-rem`} className="space-y-3">
        <div>
          <h3 id={`${ids}-rem`} className="text-sm font-semibold text-slate-900">
            {MSG_CORREO.remitentesTitulo}
          </h3>
          <p className="text-xs text-slate-500">{MSG_CORREO.remitentesAyuda}</p>
        </div>
        {remitentes.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600">{MSG_CORREO.remitentesVacio}</p>
        ) : (
          <ul aria-label={MSG_CORREO.remitentesTitulo} className="flex flex-wrap gap-2">
            {remitentes.map((r) => (
              <li key={r} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800">
                {r}
                <button
                  type="button"
                  aria-label={MSG_CORREO.remitenteQuitar(r)}
                  className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => onRemove(r)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onAdd} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <FormField id={`${ids}-nuevo`} label={MSG_CORREO.remitenteCampo} error={error} className="flex-1">
            <Input
              ref={inputRef}
              {...fieldA11y(`${ids}-nuevo`, error)}
              type="email"
              autoComplete="off"
              placeholder="facturacion@tu-ips.co"
              value={nuevo}
              onChange={(e) => {
                setNuevo(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <Button type="submit" variant="secondary" className="sm:mt-7">
            {MSG_CORREO.remitenteAgregar}
          </Button>
        </form>
      </section>
      <div className="space-y-3">
        <CheckboxField
          label={MSG_CORREO.envioAutomaticoEtiqueta}
          help={MSG_CORREO.envioAutomaticoAyuda}
          checked={envioAutomatico}
          onChange={setEnvioAutomatico}
        />
        <CheckboxField label={MSG_CORREO.activoEtiqueta} help={MSG_CORREO.activoAyuda} checked={activo} onChange={setActivo} />
      </div>
      <div className="flex justify-end">
        <Button onClick={() => void onSave()} disabled={!isDirty} isLoading={update.isPending}>
          {MSG_CORREO.guardarCanal}
        </Button>
      </div>
    </div>
  );
}

/**
 * Settings › Canales › correo: the inbound address `radicar+TOKEN@…` with copy and
 * rotation (confirmed first: the old address stops at once), the allowed senders, automatic sending, the channel's
 * switch, and the inbox log. Loading and error states; every action by keyboard; results as toasts.
 */
export function CanalCorreoCard() {
  const canal = useCanalCorreo();
  const rotate = useRotateCanalCorreo();
  const [isRotating, setIsRotating] = useState(false);

  const onConfirmRotate = async () => {
    try {
      await rotate.mutateAsync();
      toast.success(MSG_CORREO.direccionRotada);
      setIsRotating(false);
      rotate.reset();
    } catch {
      /* shown in the dialog */
    }
  };

  let body;
  if (canal.isPending) body = <LoadingScreen text={MSG.uiLoading} />;
  else if (canal.isError)
    body = (
      <div className="p-5">
        <Alert tone="error">
          <p>{MSG_CORREO.canalErrorCarga(getErrorMessage(canal.error))}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void canal.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  else
    body = (
      <>
        <div className="space-y-6 px-5 py-4">
          <Direccion
            direccion={canal.data.direccion}
            onRotate={() => {
              rotate.reset();
              setIsRotating(true);
            }}
          />
          {/* Keyed by the saved state: a save or another tab's change resets the draft to what the server holds. */}
          <Ajustes key={canal.data.actualizadoEn} canal={canal.data} />
        </div>
        <CanalCorreoEntrantes />
      </>
    );

  return (
    <Card aria-labelledby="canal-correo-title" data-testid="canal-correo">
      <CardHeader id="canal-correo-title" title={MSG_CORREO.tarjetaTitulo} description={MSG_CORREO.tarjetaDescripcion} />
      {body}
      {isRotating && (
        <Modal
          isOpen
          tone="warning"
          title={MSG_CORREO.rotarTitulo}
          onClose={() => setIsRotating(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setIsRotating(false)} disabled={rotate.isPending}>
                Cancelar
              </Button>
              <Button variant="danger" onClick={() => void onConfirmRotate()} isLoading={rotate.isPending}>
                {MSG_CORREO.rotarConfirmar}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <p>{MSG_CORREO.rotarExplicacion}</p>
            {rotate.isError && <Alert tone="error">{getErrorMessage(rotate.error)}</Alert>}
          </div>
        </Modal>
      )}
    </Card>
  );
}
