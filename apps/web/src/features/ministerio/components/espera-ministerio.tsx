import { Clock } from 'lucide-react';
import { horaBogota, type TEsperaMinisterio } from '@radica/contracts/documents';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';

/** «Reintentaremos a las HH:MM» (Bogotá time), or that no automatic retry is left. */
export function proximoIntentoText(espera: TEsperaMinisterio): string {
  return espera.proximoIntento ? MSG_MINISTERIO.reintentaremosALas(horaBogota(espera.proximoIntento)) : MSG_MINISTERIO.esperaSinReintento;
}

/**
 * The detail's notice of a wait for the ministry (docs/decisions/047): the ministry answered the last send with no
 * verdict (TOT003, a 5xx, the local API's error text, a time-out…), so it is not a rejection; its own words and when
 * Radica tries again by itself. The user may still press «Enviar» to try at once.
 */
export function EsperaMinisterioNotice({ espera }: { espera: TEsperaMinisterio }) {
  return (
    <div role="status" data-testid="espera-ministerio" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{MSG_MINISTERIO.ministerioNoRespondio}</p>
        <p className="break-words">«{espera.texto}»</p>
        <p>{proximoIntentoText(espera)}</p>
      </div>
    </div>
  );
}

/** The list's mark of a document waiting for the ministry: next to its status, the next retry; the words as a tooltip. */
export function EsperaMinisterioChip({ espera }: { espera: TEsperaMinisterio }) {
  const title = `${MSG_MINISTERIO.ministerioNoRespondio}: «${espera.texto}». ${proximoIntentoText(espera)}`;
  return (
    <span
      data-testid="espera-fila"
      title={title}
      className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20"
    >
      <Clock aria-hidden="true" className="size-3.5" />
      {espera.proximoIntento ? horaBogota(espera.proximoIntento) : MSG_MINISTERIO.ministerioNoRespondio}
      <span className="sr-only">{title}</span>
    </span>
  );
}
