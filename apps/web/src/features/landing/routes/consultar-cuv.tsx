import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ZCuv, type TConsultarCuvData } from '@radica/contracts/cuv';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { formatCop, formatDate, formatDateTime } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useConsultarCuv } from '../api/consultar-cuv';
import { LandingHeader } from '../components/landing-header';
import { LandingFooter } from '../components/landing-sections';
import { instanteBogota } from '@radica/contracts/bogota';

/**
 * /consultar-cuv: a public page where anyone holding a CUV (an EPS auditor, say) checks it with
 * the ministry through Radica. The CUV is checked in the browser with the API's own schema (96 hex characters), the
 * answer shows only what the ministry records for it.
 */
export function ConsultarCuvRoute() {
  const id = useId();
  const [cuv, setCuv] = useState('');
  const [error, setError] = useState<string | undefined>();
  const consulta = useConsultarCuv();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCuv.safeParse(cuv);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    consulta.mutate(parsed.data);
  };

  return (
    <div className="flex min-h-full flex-col bg-white dark:bg-slate-950">
      <title>Consultar un CUV · Radica</title>
      <LandingHeader />
      <main id="contenido" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">{MSG_MINISTERIO.cuvConsultaTitulo}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{MSG_MINISTERIO.cuvConsultaIntro}</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
          <FormField id={`${id}-cuv`} label={MSG_MINISTERIO.cuvConsultaCampo} error={error} required>
            <Input
              {...fieldA11y(`${id}-cuv`, error)}
              value={cuv}
              onChange={(e) => setCuv(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={120}
              className="font-mono text-xs"
              placeholder="a1b2c3…"
            />
          </FormField>
          <Button type="submit" isLoading={consulta.isPending}>
            {consulta.isPending ? MSG_MINISTERIO.cuvConsultando : MSG_MINISTERIO.cuvConsultaBoton}
          </Button>
        </form>
        <div className="mt-8" aria-live="polite">
          {consulta.isError && <Alert>{getErrorMessage(consulta.error, MSG_MINISTERIO.cuvConsultaNoDisponible)}</Alert>}
          {consulta.data && <Resultado data={consulta.data} />}
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}

/** The ministry writes local (Bogotá) times without an offset ('2026-11-20 10:00'): read them as Bogotá's clock. */
const SIN_ZONA = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * A ministry timestamp as the app writes dates (lib/format.ts: '26/11/2026, 11:27'; it was shown raw,
 * '2026-11-26T11:27:20.8920000-05:00'); null stays null. A text that is no date is shown as it came.
 */
export function fechaMinisterio(value: string | null): string | null {
  if (!value) return null;
  const local = SIN_ZONA.exec(value.trim());
  const instante = local ? instanteBogota(new Date(`${local[1]}T${local[2]}Z`)) : null;
  return formatDateTime(instante && !Number.isNaN(instante.getTime()) ? instante.toISOString() : value.trim(), value);
}

/** What the ministry said of the CUV. */
function Resultado({ data }: { data: TConsultarCuvData }) {
  const money = (n: number | null) => (n === null ? null : formatCop(n));
  return (
    <Card>
      <CardBody>
        <p
          role="status"
          className={`flex items-center gap-2 font-medium ${data.valido ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
        >
          {data.valido ? <CheckCircle2 aria-hidden="true" className="size-5" /> : <XCircle aria-hidden="true" className="size-5" />}
          {data.valido ? MSG_MINISTERIO.cuvValido : MSG_MINISTERIO.cuvNoValido}
        </p>
        <div className="mt-4">
          <DetailList
            items={[
              { label: 'Documento', value: [data.tipoDocumento, data.numeroDocumento].filter(Boolean).join(' ') },
              { label: 'NIT del facturador', value: data.numDocumentoIdObligado, mono: true },
              { label: 'Adquiriente', value: data.identificacionAdquiriente, mono: true },
              { label: 'Código del prestador', value: data.codigoPrestador, mono: true },
              { label: 'Fecha de emisión', value: data.fechaEmision ? formatDate(data.fechaEmision.slice(0, 10)) : null },
              { label: 'Fecha de validación', value: fechaMinisterio(data.fechaValidacion) },
              { label: 'Valor de la factura', value: money(data.totalFactura) },
              { label: 'Valor de los servicios', value: money(data.totalValorServicios) },
              { label: 'Usuarios / atenciones', value: data.cantidadUsuarios === null ? null : `${data.cantidadUsuarios} / ${data.cantidadAtenciones ?? 0}` },
              { label: 'Modalidad de pago', value: data.modalidadPago },
              { label: 'Factura referenciada', value: data.numDocumentoReferenciado },
              { label: 'ID del proceso', value: data.procesoId, mono: true },
              { label: 'CUV', value: <span className="break-all">{data.cuv}</span>, mono: true },
            ]}
          />
        </div>
      </CardBody>
    </Card>
  );
}
