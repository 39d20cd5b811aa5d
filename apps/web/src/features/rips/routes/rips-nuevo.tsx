import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, FileCode2, FileJson2, FilePlus2, FileSpreadsheet, Download } from 'lucide-react';
import type { THojaErroresData, TOrigenBorrador } from '@radica/contracts/rips';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { cn } from '../../../lib/cn';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { LoadingScreen } from '../../../components/ui/spinner';
import { MSG } from '@radica/contracts/messages';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { descargar, useCrearBorrador } from '../api/borradores';
import { routes, urlDe } from '../../../lib/api-client';

const ORIGENES: { origen: TOrigenBorrador; titulo: string; texto: string; accept?: string; Icon: typeof FileCode2 }[] = [
  { origen: 'xml', titulo: 'Desde la factura (XML)', texto: 'Toma el NIT, el número de factura o nota, el periodo, el prestador y los totales para conciliar. Tú agregas los usuarios y servicios.', accept: '.xml', Icon: FileCode2 },
  { origen: 'hoja', titulo: 'Desde una hoja de cálculo', texto: 'Un .xlsx o .csv con una fila por servicio (descarga la plantilla). Si una fila tiene un error no se importa nada y te decimos la fila y la columna.', accept: '.xlsx,.csv', Icon: FileSpreadsheet },
  { origen: 'json', titulo: 'Desde un RIPS JSON', texto: 'Un RIPS que ya tienes, para corregirlo aquí con los hallazgos del validador.', accept: '.json', Icon: FileJson2 },
  { origen: 'vacio', titulo: 'En blanco', texto: 'Con el NIT de tu empresa; escribe todo desde el teclado.', Icon: FilePlus2 },
];

/**
 * /listado-rips/nuevo: start a RIPS from the invoice XML, a spreadsheet, an existing RIPS JSON, or blank.
 * Only for the roles that may create RIPS (contracts ACCESO.edicion, what the API's route declares): the others read
 * why instead of four options that would be refused after the click.
 */
export function RipsNuevoRoute() {
  const rol = useRol();
  const puede = usePuede();
  if (rol === null) return <LoadingScreen text={MSG.uiLoading} />;
  if (!puede.edicion)
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">Nuevo RIPS</h2>
        <Alert tone="info">{MSG_RIPS.nuevoSoloLectura(ROL_NOMBRE[rol])}</Alert>
        <Link to="/listado-rips" className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver al listado
        </Link>
      </div>
    );
  return <NuevoRips />;
}

function NuevoRips() {
  const navigate = useNavigate();
  const crear = useCrearBorrador();
  const [errores, setErrores] = useState<THojaErroresData | null>(null);
  const [problema, setProblema] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<TOrigenBorrador, HTMLInputElement | null>>>({});

  const empezar = async (origen: TOrigenBorrador, archivo: File | null) => {
    setErrores(null);
    setProblema(null);
    try {
      const { id, avisos } = await crear.mutateAsync({ origen, archivo });
      toast.success(MSG_RIPS.borradorCreado);
      // what the import changed is said in the editor, where its fields are
      navigate(`/listado-rips/${id}`, { state: { avisos } });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'HOJA_CON_ERRORES') setErrores(error.data as THojaErroresData);
      else setProblema(getErrorMessage(error));
    }
  };
  const bajar = (formato: 'xlsx' | 'csv') => void descargar(urlDe(routes.rips.plantilla, { query: { formato } }), `plantilla-rips.${formato}`).catch((e: unknown) => toast.error(getErrorMessage(e)));

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Nuevo RIPS</h2>
          <p className="text-sm text-slate-500">La estructura (Resolución 2275 de 2023 o 948 de 2026) sigue la fecha de la factura, como la decide el validador.</p>
        </div>
        <Link to="/listado-rips" className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver al listado
        </Link>
      </div>
      {problema && <Alert tone="error">{problema}</Alert>}
      {errores && (
        <Alert tone="error" title={`La hoja tiene ${errores.totalErrores} error(es): no se importó nada`}>
          <ul className="mt-1 max-h-64 list-disc space-y-0.5 overflow-auto pl-5" data-testid="errores-hoja">
            {errores.errores.map((e, i) => (
              <li key={i}>{MSG_RIPS.hojaFila(e.fila, e.columna, e.mensaje)}</li>
            ))}
          </ul>
          {errores.totalErrores > errores.errores.length && <p>{MSG_RIPS.hojaMasErrores(errores.totalErrores - errores.errores.length)}</p>}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {ORIGENES.map(({ origen, titulo, texto, accept, Icon }) => (
          <Card key={origen} className={cn(crear.isPending && 'opacity-70')}>
            <CardHeader title={<span className="flex items-center gap-2"><Icon aria-hidden="true" className="size-5 text-brand-600" /> {titulo}</span>} />
            <CardBody className="space-y-3">
              <p className="text-sm text-slate-600">{texto}</p>
              {accept ? (
                <>
                  <input
                    ref={(el) => {
                      inputs.current[origen] = el;
                    }}
                    type="file"
                    accept={accept}
                    className="sr-only"
                    aria-label={titulo}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (file) void empezar(origen, file);
                    }}
                  />
                  <Button variant="secondary" isLoading={crear.isPending && crear.variables?.origen === origen} onClick={() => inputs.current[origen]?.click()}>
                    Elegir archivo
                  </Button>
                </>
              ) : (
                <Button variant="secondary" isLoading={crear.isPending && crear.variables?.origen === origen} onClick={() => void empezar('vacio', null)}>
                  Empezar en blanco
                </Button>
              )}
              {origen === 'hoja' && (
                <p className="flex flex-wrap gap-2 text-sm">
                  <Button size="sm" variant="ghost" onClick={() => bajar('xlsx')}>
                    <Download aria-hidden="true" className="size-4" /> Plantilla Excel
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => bajar('csv')}>
                    <Download aria-hidden="true" className="size-4" /> Plantilla CSV
                  </Button>
                </p>
              )}
            </CardBody>
          </Card>
        ))}
      </div>
    </div>
  );
}
