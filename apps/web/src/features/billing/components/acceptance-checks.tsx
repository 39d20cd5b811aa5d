import type { TWompiMerchant } from '@radica/contracts/wompi';

export const ACCEPTANCE_FIELD_ID = 'accept-terms';

/**
 * The gateway's two acceptances (Wompi `presigned_acceptance`, `presigned_personal_data_auth`): a checkbox each,
 * linked to its document; both are required before paying (their tokens travel in create-sale).
 */
export function AcceptanceChecks({
  merchant,
  accepted,
  onChange,
  error,
}: {
  merchant: TWompiMerchant;
  accepted: { terms: boolean; personalData: boolean };
  onChange: (next: { terms: boolean; personalData: boolean }) => void;
  error?: string;
}) {
  const errorId = error ? 'acceptance-error' : undefined;
  const box = 'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600';
  const link =
    'font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300';
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Aceptaciones de la pasarela de pagos</legend>
      <div className="flex items-start gap-2 text-sm text-slate-700">
        <input
          id={ACCEPTANCE_FIELD_ID}
          type="checkbox"
          className={box}
          checked={accepted.terms}
          aria-invalid={error && !accepted.terms ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange({ ...accepted, terms: e.target.checked })}
        />
        <span>
          <label htmlFor={ACCEPTANCE_FIELD_ID}>Acepto el reglamento de uso de la pasarela de pagos</label> (
          <a
            href={merchant.presigned_acceptance.permalink}
            target="_blank"
            rel="noopener noreferrer"
            className={link}
          >
            leer reglamento<span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
          )
        </span>
      </div>
      <div className="flex items-start gap-2 text-sm text-slate-700">
        <input
          id="accept-personal-data"
          type="checkbox"
          className={box}
          checked={accepted.personalData}
          aria-invalid={error && !accepted.personalData ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange({ ...accepted, personalData: e.target.checked })}
        />
        <span>
          <label htmlFor="accept-personal-data">Autorizo el tratamiento de mis datos personales</label> (
          <a
            href={merchant.presigned_personal_data_auth.permalink}
            target="_blank"
            rel="noopener noreferrer"
            className={link}
          >
            leer autorización<span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
          )
        </span>
      </div>
      {error && (
        <p id="acceptance-error" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
