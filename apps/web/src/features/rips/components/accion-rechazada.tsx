import { Link } from 'react-router';
import { X } from 'lucide-react';
import { ZDocumentoExistenteData } from '@radica/contracts/rips';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { HttpError, getErrorMessage } from '../../../lib/http';

/** A refused action as the page says it: what failed, why (the API's Spanish message), and the document to open. */
export type TRechazo = { titulo: string; mensaje: string; documento: { fevRipsId: number; formato: string | null } | null };

/**
 * The {@link TRechazo} of a failed call: its message, and the ministry document its `data` names (409
 * BORRADOR_FORMATO_EXISTE, BORRADOR_RADICADO: the invoice is already filed there) so the page links to it.
 */
export function rechazoDe(titulo: string, error: unknown): TRechazo {
  const data = error instanceof HttpError ? ZDocumentoExistenteData.safeParse(error.data) : null;
  const documento = data?.success && data.data.fevRipsId !== null ? { fevRipsId: data.data.fevRipsId, formato: data.data.formato } : null;
  return { titulo, mensaje: getErrorMessage(error), documento };
}

/**
 * Every refused action of the RIPS screens says why and what to do, on the page until closed (a toast went by unread):
 * the message, and «Abrir el documento …» when the refusal names one.
 */
export function AccionRechazada({ rechazo, onCerrar }: { rechazo: TRechazo; onCerrar: () => void }) {
  return (
    <Alert tone="error" title={rechazo.titulo}>
      <p>{rechazo.mensaje}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {rechazo.documento && (
          <Link to={`/ministerio/${rechazo.documento.fevRipsId}`} className={buttonClasses('secondary', 'sm')}>
            Abrir el documento {rechazo.documento.formato ?? ''}
          </Link>
        )}
        <Button size="sm" variant="ghost" onClick={onCerrar}>
          <X aria-hidden="true" className="size-4" /> Cerrar
        </Button>
      </div>
    </Alert>
  );
}
