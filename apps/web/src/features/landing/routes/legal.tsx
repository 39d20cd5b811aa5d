import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { MSG_LEGAL, PRIVACIDAD, TERMINOS, type TLegalDocument } from '@radica/contracts/messages-legal';
import { formatDateLong } from '../../../lib/format';
import { LandingHeader } from '../components/landing-header';
import { LandingFooter } from '../components/landing-sections';

const LINK =
  'font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300';

/** 'AAAA-MM-DD' as '26 de noviembre de 2026' (es-CO, the calendar day as written, no time zone shift). */
export const formatLegalDate = (isoDate: string): string => formatDateLong(isoDate);

const DOCUMENTS = {
  terminos: { doc: TERMINOS, other: { to: '/privacy', label: MSG_LEGAL.privacidadLink } },
  privacidad: { doc: PRIVACIDAD, other: { to: '/terms', label: MSG_LEGAL.terminosLink } },
} as const;

/**
 * /terms and /privacy: Radica's terms of service and its personal data treatment policy (Ley 1581
 * de 2012, Decreto 1377 de 2013), with their version and date, inside the sales page's header and footer and with a
 * way back to the sales page. The texts and versions live in contracts (messages-legal.ts, legal.ts).
 */
export function LegalRoute({ documento }: { documento: keyof typeof DOCUMENTS }) {
  const { doc, other } = DOCUMENTS[documento];
  return (
    <div className="flex min-h-full flex-col bg-white dark:bg-slate-950">
      <title>{`${doc.titulo} · Radica`}</title>
      <LandingHeader />
      <main id="contenido" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 focus:outline-none sm:px-6">
        <Link to="/" className={`inline-flex items-center gap-2 text-sm ${LINK}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {MSG_LEGAL.volver}
        </Link>
        <LegalArticle doc={doc} />
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">
          {MSG_LEGAL.verTambien}:{' '}
          <Link to={other.to} className={LINK}>
            {other.label}
          </Link>
        </p>
      </main>
      <LandingFooter />
    </div>
  );
}

function LegalArticle({ doc }: { doc: TLegalDocument }) {
  return (
    <article aria-labelledby="legal-title" className="mt-6">
      <h1 id="legal-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {doc.titulo}
      </h1>
      <p data-testid="legal-version" className="mt-2 text-sm text-slate-600">
        {MSG_LEGAL.version(doc.version, formatLegalDate(doc.vigenteDesde))}
      </p>
      <p className="mt-6 text-slate-700">{doc.intro}</p>
      {doc.secciones.map((s) => (
        <section key={s.id} aria-labelledby={`legal-${s.id}`} className="mt-8">
          <h2 id={`legal-${s.id}`} className="text-xl font-semibold text-slate-900">
            {s.titulo}
          </h2>
          {s.parrafos.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
          {s.lista && (
            <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700">
              {s.lista.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
