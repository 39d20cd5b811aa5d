import { useId, useRef, useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import { SFTP_MAX_CLAVES, SFTP_PASSWORD_MIN, ZCanalSftpUpdateRequest, ZSftpUsuario, type TCanalSftpData } from '@radica/contracts/canal-sftp';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useCanalSftp } from '../api/get-canal-sftp';
import { useUpdateCanalSftp } from '../api/update-canal-sftp';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CopyField } from '../../../components/ui/copy-field';

/** A read-only value (server, port, fingerprint) with its 'Copiar' button. */
function Copiable({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <CopyField
      label={label}
      value={value}
      hint={hint}
      testId={testId}
      copyText={MSG_SFTP.copiar}
      copyAriaLabel={MSG_SFTP.copiarCampo(label)}
      messages={{ ok: MSG_SFTP.copiado(label), fail: MSG_SFTP.noCopiado }}
    />
  );
}

/**
 * The public keys: listed with type, comment and fingerprint (each with 'Quitar'), and a paste field ('Agregar clave').
 * Adding or removing saves at once (the server checks the line and computes the fingerprint), keeping the saved user
 * and switches.
 */
function ClavesPublicas({ canal }: { canal: TCanalSftpData }) {
  const ids = useId();
  const update = useUpdateCanalSftp();
  const [nueva, setNueva] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const guardadas = canal.clavesPublicas.map((c) => c.clave);
  const guardar = (clavesPublicas: string[]) =>
    update.mutateAsync({ usuario: canal.usuario, clavesPublicas, envioAutomatico: canal.envioAutomatico, activo: canal.activo });

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    const linea = nueva.trim().replace(/\s+/g, ' ');
    if (!/^(ssh-|ecdsa-|sk-)\S+ [A-Za-z0-9+/=]{20,}( .*)?$/.test(linea)) return setError(MSG_SFTP.claveInvalida);
    if (guardadas.some((c) => c.split(' ')[1] === linea.split(' ')[1])) return setError(MSG_SFTP.claveRepetida);
    if (guardadas.length >= SFTP_MAX_CLAVES) return setError(MSG_SFTP.clavesDemasiadas(SFTP_MAX_CLAVES));
    try {
      await guardar([...guardadas, linea]);
      setNueva('');
      setError(undefined);
      toast.success(MSG_SFTP.guardado);
      inputRef.current?.focus();
    } catch (err) {
      setError(getErrorMessage(err));
    }
  };
  const onRemove = async (clave: string) => {
    try {
      await guardar(guardadas.filter((c) => c !== clave));
      toast.success(MSG_SFTP.guardado);
      inputRef.current?.focus();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-3">
      <div>
        <h3 id={`${ids}-title`} className="text-sm font-semibold text-slate-900">
          {MSG_SFTP.clavesTitulo}
        </h3>
        <p className="text-xs text-slate-500">{MSG_SFTP.clavesAyuda}</p>
      </div>
      {canal.clavesPublicas.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600">{MSG_SFTP.clavesVacio}</p>
      ) : (
        <ul aria-label={MSG_SFTP.clavesTitulo} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {canal.clavesPublicas.map((c) => (
            <li key={c.clave} className="flex items-center gap-3 px-3 py-2 text-sm">
              <KeyRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-800">
                  {c.tipo}
                  {c.comentario && <span className="ml-2 font-normal text-slate-500">{c.comentario}</span>}
                </p>
                <p className="truncate font-mono text-xs text-slate-600" data-testid="huella-clave">
                  {c.huella}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={MSG_SFTP.quitarClave(c.huella)}
                disabled={update.isPending}
                onClick={() => void onRemove(c.clave)}
              >
                <Trash2 aria-hidden="true" className="size-4" /> {MSG_SFTP.quitar}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void onAdd(e)} noValidate className="space-y-2">
        <FormField id={`${ids}-nueva`} label={MSG_SFTP.campoNuevaClave} error={error}>
          <textarea
            ref={inputRef}
            {...fieldA11y(`${ids}-nueva`, error)}
            rows={2}
            spellCheck={false}
            autoComplete="off"
            placeholder="ssh-ed25519 AAAAC3Nza… facturacion@servidor"
            value={nueva}
            onChange={(e) => {
              setNueva(e.target.value);
              if (error) setError(undefined);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-400"
          />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" isLoading={update.isPending} disabled={!nueva.trim()}>
            {MSG_SFTP.agregarClave}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The user, a new password (typed twice; empty keeps the current one), automatic sending and the channel's switch,
 * checked with the API's own schema; 'Guardar canal SFTP' saves them with the saved keys.
 */
function Ajustes({ canal }: { canal: TCanalSftpData }) {
  const ids = useId();
  const update = useUpdateCanalSftp();
  const [usuario, setUsuario] = useState(canal.usuario);
  const [password, setPassword] = useState('');
  const [confirmacion, setConfirmacion] = useState('');
  const [envioAutomatico, setEnvioAutomatico] = useState(canal.envioAutomatico);
  const [activo, setActivo] = useState(canal.activo);
  const [errors, setErrors] = useState<{ usuario?: string; password?: string; confirmacion?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const u = ZSftpUsuario.safeParse(usuario);
    if (!u.success) next.usuario = u.error.issues[0]?.message;
    const body = { usuario, password: password || undefined, clavesPublicas: canal.clavesPublicas.map((c) => c.clave), envioAutomatico, activo };
    const parsed = ZCanalSftpUpdateRequest.safeParse(body);
    if (!parsed.success) {
      const p = parsed.error.issues.find((i) => i.path[0] === 'password');
      if (p) next.password = p.message;
    }
    if (password && password !== confirmacion) next.confirmacion = MSG_SFTP.passwordNoCoincide;
    setErrors(next);
    if (Object.keys(next).length) return;
    setServerError(null);
    try {
      await update.mutateAsync(body);
      setPassword('');
      setConfirmacion('');
      toast.success(MSG_SFTP.guardado);
    } catch (err) {
      setServerError(getErrorMessage(err));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSave(e)} className="space-y-5" aria-label={MSG_SFTP.tarjetaTitulo}>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <FormField id={`${ids}-usuario`} label={MSG_SFTP.campoUsuario} required error={errors.usuario} hint={MSG_SFTP.campoUsuarioAyuda}>
        <Input
          {...fieldA11y(`${ids}-usuario`, errors.usuario, true)}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          value={usuario}
          onChange={(e) => setUsuario(e.target.value)}
          className="font-mono"
        />
      </FormField>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{MSG_SFTP.passwordTitulo}</legend>
        <p className="text-xs text-slate-500">{canal.tienePassword ? MSG_SFTP.passwordDefinida : MSG_SFTP.passwordSinDefinir}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${ids}-pw`} label={MSG_SFTP.campoPasswordNueva} error={errors.password}>
            <PasswordInput
              {...fieldA11y(`${ids}-pw`, errors.password)}
              autoComplete="new-password"
              minLength={SFTP_PASSWORD_MIN}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <FormField id={`${ids}-pw2`} label={MSG_SFTP.campoPasswordConfirmar} error={errors.confirmacion}>
            <PasswordInput
              {...fieldA11y(`${ids}-pw2`, errors.confirmacion)}
              autoComplete="new-password"
              value={confirmacion}
              onChange={(e) => setConfirmacion(e.target.value)}
            />
          </FormField>
        </div>
      </fieldset>
      <div className="space-y-3">
        <CheckboxField label={MSG_SFTP.campoEnvioAutomatico} help={MSG_SFTP.campoEnvioAutomaticoAyuda} checked={envioAutomatico} onChange={setEnvioAutomatico} />
        <CheckboxField
          label={MSG_SFTP.campoActivo}
          help={activo ? MSG_SFTP.campoActivoEncendidoAyuda : MSG_SFTP.campoActivoAyuda}
          checked={activo}
          onChange={setActivo}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          {MSG_SFTP.guardar}
        </Button>
      </div>
    </form>
  );
}

/** How to use the channel: the command line with this installation's port, user and host, and the three folders. */
function Uso({ canal }: { canal: TCanalSftpData }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-uso`} className="space-y-2 break-words rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <h3 id={`${ids}-uso`} className="font-semibold text-slate-900">
        {MSG_SFTP.usoTitulo}
      </h3>
      <p>{MSG_SFTP.usoConectar}</p>
      <pre className="overflow-x-auto rounded bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100" data-testid="sftp-comando">
        {`sftp -P ${canal.port} ${canal.usuario}@${canal.host}\nsftp> put factura.xml entrada/\nsftp> put factura.json entrada/\nsftp> ls resultados/\nsftp> get resultados/ResultadosMSPS_*.json`}
      </pre>
      <p>{MSG_SFTP.usoSubir}</p>
      <p>{MSG_SFTP.usoResultados}</p>
      <p>{MSG_SFTP.usoProcesados}</p>
    </section>
  );
}

/**
 * Settings › Canales › SFTP: where to connect (server, port, host key fingerprint, each
 * copiable), the user and its password, the public keys, automatic sending and the channel's switch, and a short
 * how-to. Loading, error and not-yet-configured states; everything by keyboard; results as toasts.
 */
export function CanalSftpCard() {
  const canal = useCanalSftp();

  let body;
  if (canal.isPending) body = <LoadingScreen text={MSG.uiLoading} />;
  else if (canal.isError)
    body = (
      <div className="p-5">
        <Alert tone="error">
          <p>{MSG_SFTP.errorCarga(getErrorMessage(canal.error))}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void canal.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  else {
    const c = canal.data;
    // Keyed by the saved state: a save or another tab's change resets the drafts to what the server holds.
    const saved = JSON.stringify([c.usuario, c.tienePassword, c.envioAutomatico, c.activo]);
    body = (
      <div className="space-y-6 px-5 py-4">
        {!c.habilitado && <Alert tone="info">{MSG_SFTP.deshabilitadoServidor}</Alert>}
        {!c.configurado && <Alert tone="info">{MSG_SFTP.sinConfigurar}</Alert>}
        {c.configurado && !c.tienePassword && c.clavesPublicas.length === 0 && <Alert tone="error">{MSG_SFTP.sinCredencial}</Alert>}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Copiable label={MSG_SFTP.campoServidor} value={c.host} testId="sftp-host" />
          <Copiable label={MSG_SFTP.campoPuerto} value={String(c.port)} testId="sftp-puerto" />
        </div>
        {c.huellaServidor && <Copiable label={MSG_SFTP.campoHuella} value={c.huellaServidor} hint={MSG_SFTP.huellaAyuda} testId="sftp-huella" />}
        <Ajustes key={saved} canal={c} />
        <ClavesPublicas canal={c} />
        <Uso canal={c} />
      </div>
    );
  }

  return (
    <Card aria-labelledby="canal-sftp-title" data-testid="canal-sftp">
      <CardHeader id="canal-sftp-title" title={MSG_SFTP.tarjetaTitulo} description={MSG_SFTP.tarjetaDescripcion} />
      {body}
    </Card>
  );
}
