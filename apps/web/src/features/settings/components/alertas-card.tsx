import { useState, type FormEvent } from 'react';
import { BellRing, Star } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TAlertasData } from '@radica/contracts/avisos';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormField } from '../../../components/ui/form-field';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useAlertas, useSaveAlertas } from '../api/alertas';
import { formatDateTime } from '../../../lib/format';

/** The app's one date format (lib/format.ts): '26/11/2026, 11:33' (this card wrote '26/11/26, 11:33 a. m.'). */
const formatDate = (iso: string | null) => formatDateTime(iso, '—');
/** One recipient per line (commas and semicolons also separate). */
const splitList = (text: string) => text.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);

type TForm = { correos: string; whatsapp: string; alertarNoAprobado: boolean; alertarError: boolean; resumenDiario: boolean };
const toForm = (d: TAlertasData): TForm => ({
  correos: d.correos.join('\n'),
  whatsapp: d.whatsapp.join('\n'),
  alertarNoAprobado: d.alertarNoAprobado,
  alertarError: d.alertarError,
  resumenDiario: d.resumenDiario,
});

/**
 * Settings › Integraciones › 'Alertas de rechazo' (a Business feature): e-mail and WhatsApp recipients, which
 * outcomes alert, the daily summary, and the log of alerts sent. Without Business the settings show, disabled, with
 * the upgrade star and how to get the plan. A failed save keeps what was typed.
 */
export function AlertasCard() {
  const query = useAlertas();
  const save = useSaveAlertas();
  // What the user typed; null shows what the server has.
  const [form, setForm] = useState<TForm | null>(null);

  if (query.isPending) return <Card><LoadingScreen text={MSG.uiLoading} /></Card>;
  if (query.isError)
    return (
      <Card>
        <CardBody>
          <Alert tone="error">
            <p>{getErrorMessage(query.error, MSG.unknownError)}</p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>Reintentar</Button>
          </Alert>
        </CardBody>
      </Card>
    );
  const data = query.data;
  const f = form ?? toForm(data);
  const disabled = !data.disponible;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ ...f, correos: splitList(f.correos), whatsapp: splitList(f.whatsapp) });
      setForm(null);
      toast.success(MSG_AVISOS.alertasGuardadas);
    } catch {
      /* shown above the button; the form keeps what was typed */
    }
  };
  const check = (key: 'alertarNoAprobado' | 'alertarError' | 'resumenDiario', label: string) => (
    <CheckboxField label={label} checked={f[key]} disabled={disabled} onChange={(value) => setForm({ ...f, [key]: value })} />
  );

  return (
    <Card aria-labelledby="alertas-title">
      <CardHeader
        id="alertas-title"
        title={
          <span className="inline-flex items-center gap-2">
            {MSG_AVISOS.alertasTitulo}
            {disabled && (
              <>
                <Star aria-hidden="true" className="size-4 fill-amber-300 text-amber-300" />
                <span className="sr-only">{MSG_CUENTAS.upgradeTooltip}</span>
              </>
            )}
          </span>
        }
        description={MSG_AVISOS.alertasDescripcion}
      />
      <CardBody className="space-y-5">
        {disabled && <Alert tone="info"><p>{MSG_AVISOS.alertasSoloBusiness}</p></Alert>}
        <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="alertas-correos" label={MSG_AVISOS.alertasCorreos} hint="Uno por línea.">
              <textarea id="alertas-correos" rows={3} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50" value={f.correos} disabled={disabled} onChange={(e) => setForm({ ...f, correos: e.target.value })} />
            </FormField>
            <FormField id="alertas-whatsapp" label={MSG_AVISOS.alertasWhatsapp} hint={data.whatsappDisponible ? 'Con indicativo del país, por ejemplo 573001234567. Uno por línea.' : MSG_AVISOS.whatsappNoConfigurado}>
              <textarea id="alertas-whatsapp" rows={3} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50" value={f.whatsapp} disabled={disabled || !data.whatsappDisponible} onChange={(e) => setForm({ ...f, whatsapp: e.target.value })} />
            </FormField>
          </div>
          <fieldset className="space-y-2">
            {check('alertarNoAprobado', MSG_AVISOS.alertasNoAprobado)}
            {check('alertarError', MSG_AVISOS.alertasError)}
            {check('resumenDiario', MSG_AVISOS.alertasResumen)}
          </fieldset>
          {save.error && <Alert tone="error"><p>{getErrorMessage(save.error, MSG.unknownError)}</p></Alert>}
          <Button type="submit" isLoading={save.isPending} disabled={disabled}>
            <BellRing aria-hidden="true" className="size-4" /> {MSG_AVISOS.alertasGuardar}
          </Button>
        </form>
        <section aria-labelledby="alertas-registro-title">
          <h3 id="alertas-registro-title" className="mb-2 text-sm font-semibold text-slate-900">{MSG_AVISOS.alertasRegistro}</h3>
          {data.envios.length === 0 ? (
            <p className="text-sm text-slate-500">{MSG_AVISOS.alertasRegistroVacio}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    <th className="py-2 pr-3">Fecha</th>
                    <th className="py-2 pr-3">Tipo</th>
                    <th className="py-2 pr-3">Canal</th>
                    <th className="py-2 pr-3">Destino</th>
                    <th className="py-2 pr-3">Estado</th>
                    <th className="py-2">Detalle</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.envios.map((e) => (
                    <tr key={e.id}>
                      <td className="whitespace-nowrap py-2 pr-3">{formatDate(e.enviadoEn ?? e.creadoEn)}</td>
                      <td className="py-2 pr-3">{e.tipo === 'resumen' ? MSG_AVISOS.tipoResumen : e.tipo === 'seguridad' ? MSG_AVISOS.tipoSeguridad : MSG_AVISOS.tipoAlerta}</td>
                      <td className="py-2 pr-3">{e.canal === 'correo' ? 'Correo' : 'WhatsApp'}</td>
                      <td className="break-all py-2 pr-3">{e.destino}</td>
                      <td className="py-2 pr-3">{MSG_AVISOS.alertaEstado[e.estado]}</td>
                      <td className="py-2 text-xs text-slate-600">{e.ultimoError ?? (e.intentos > 1 ? `${e.intentos} intentos` : '—')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </CardBody>
    </Card>
  );
}
