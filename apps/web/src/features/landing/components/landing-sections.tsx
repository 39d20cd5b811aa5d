import { Link } from 'react-router';
import {
  BarChart3,
  FileCheck2,
  Headset,
  History,
  Mail,
  MessageCircle,
  ShieldCheck,
  Stethoscope,
  Zap,
} from 'lucide-react';
import { CANALES } from '@radica/contracts/plans';
import { SUPPORT_EMAIL, supportMailto } from '../../../lib/support';
import { CANAL_INFO } from '../channels';
import { onSupportClick } from './landing-header';
import { CART_PATH } from './plans-section';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2';
const BUTTON = `inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-semibold ${FOCUS}`;

/** A product-looking sketch for the hero: recent sends and their state. Decorative. */
function HeroSketch() {
  const rows = [
    { formato: 'FEV RAD1042', estado: 'Aprobado', detalle: 'CUV recibido' },
    { formato: 'FEV RAD1043', estado: 'Validando', detalle: 'Reglas del Ministerio' },
    { formato: 'FEV RAD1044', estado: 'Enviado', detalle: 'Esperando respuesta' },
  ];
  return (
    <div aria-hidden="true" className="hidden rounded-2xl bg-white/10 p-5 ring-1 ring-white/20 lg:block">
      <p className="text-sm font-semibold text-brand-50">Envíos de hoy</p>
      <ul className="mt-4 space-y-3">
        {rows.map((row) => (
          <li
            key={row.formato}
            className="flex items-center justify-between rounded-xl bg-brand-900/60 px-4 py-3"
          >
            <span>
              <span className="block font-mono text-sm text-white">{row.formato}</span>
              <span className="block text-xs text-brand-100">{row.detalle}</span>
            </span>
            <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-900">
              {row.estado}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The hero (seed 002 §1): the one h1, what Radica does, the four channel pills, the way to buy. A `brand-band`
 * (index.css): teal in both themes, its light buttons and badges stay light.
 */
export function Hero() {
  return (
    <section
      id="inicio"
      aria-labelledby="inicio-title"
      className="brand-band scroll-mt-20 bg-gradient-to-br from-brand-800 to-brand-900 text-white"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-100">
            Factura electrónica y RIPS · Resoluciones 2275 de 2023 y 948 de 2026
          </p>
          <h1 id="inicio-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Radica tus facturas y RIPS ante el Ministerio de Salud, sin reprocesos
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-50">
            Radica valida la factura electrónica (XML) y los RIPS (JSON) con las reglas del Ministerio, los
            envía por ti y guarda el CUV de cada radicación.
          </p>
          <p id="inicio-canales" className="mt-8 text-sm font-medium text-brand-100">
            Entréganos los archivos como prefieras:
          </p>
          <ul aria-labelledby="inicio-canales" className="mt-3 flex flex-wrap gap-2">
            {CANALES.map((canal) => (
              <li
                key={canal}
                className="rounded-full border border-white/40 bg-white/10 px-4 py-1.5 text-sm font-medium text-white"
              >
                {CANAL_INFO[canal].pill}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link
              to={CART_PATH}
              className={`${BUTTON} bg-brand-50 text-brand-900 hover:bg-white focus-visible:outline-white`}
            >
              Comprar plan Profesional
            </Link>
            <a
              href="#precios"
              className={`${BUTTON} border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white`}
            >
              Ver planes
            </a>
          </div>
        </div>
        <HeroSketch />
      </div>
    </section>
  );
}

const BENEFITS = [
  {
    icon: FileCheck2,
    title: 'Valida antes de enviar',
    text: 'Revisamos la estructura y las reglas cruzadas del Ministerio para que corrijas antes de radicar, no después de un rechazo.',
  },
  {
    icon: Zap,
    title: 'CUV sin filas',
    text: 'Radica envía al Ministerio con las credenciales de tu institución y guarda el CUV de cada factura aprobada.',
  },
  {
    icon: History,
    title: 'Bitácora e historial',
    text: 'Cada intento queda registrado con la respuesta del Ministerio, para saber qué pasó y cuándo.',
  },
  {
    icon: BarChart3,
    title: 'Resumen y reportes',
    text: 'Un resumen por envío y reportes para tu equipo de cartera y de facturación.',
  },
  {
    icon: ShieldCheck,
    title: 'Tus datos protegidos',
    text: 'Conexiones cifradas, credenciales guardadas cifradas y copias de seguridad según tu plan.',
  },
  {
    icon: Headset,
    title: 'Soporte en español',
    text: 'Un equipo en Colombia que conoce la radicación de FEV y RIPS te acompaña.',
  },
] as const;

/** Why Radica (seed 002 §1 "benefits"). */
export function BenefitsSection() {
  return (
    <section
      id="beneficios"
      aria-labelledby="beneficios-title"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="beneficios-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          Por qué Radica
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const CARD_LINK = `mt-4 inline-flex items-center gap-2 rounded-md font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-200 ${FOCUS} focus-visible:outline-brand-600`;

/** Support (seed 002 §1): the support mailbox and the chat (until a chat exists, the chat link writes a mail). */
export function SupportSection() {
  return (
    <section id="soporte" aria-labelledby="soporte-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="soporte-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Soporte
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            ¿Dudas antes de comprar o ayuda con un envío? Escríbenos o abre el chat y te respondemos.
          </p>
        </div>
        <div className="mx-auto mt-10 grid max-w-4xl gap-6 sm:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <Mail aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">Correo de soporte</h3>
            <p className="mt-2 text-slate-600">
              Cuéntanos qué necesitas y adjunta lo que nos ayude a entenderlo.
            </p>
            <a href={supportMailto('Soporte Radica')} className={CARD_LINK}>
              {SUPPORT_EMAIL}
            </a>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <MessageCircle aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">Chat</h3>
            <p className="mt-2 text-slate-600">
              Pregunta por planes, canales de envío o el estado de una radicación.
            </p>
            <a href={supportMailto('Chat con soporte Radica')} onClick={onSupportClick} className={CARD_LINK}>
              Abrir el chat de soporte
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The last call to action (seed 002 §1), with the login link (/auth/login). A `brand-band`, as the hero. */
export function FinalCta() {
  return (
    <section aria-labelledby="cta-title" className="brand-band bg-brand-800 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Empieza a radicar sin reprocesos
        </h2>
        <p className="mt-4 text-lg text-brand-50">
          Compra el plan Profesional en línea y envía tu primera factura al Ministerio hoy mismo.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={CART_PATH}
            className={`${BUTTON} bg-brand-50 text-brand-900 hover:bg-white focus-visible:outline-white`}
          >
            Comprar plan Profesional
          </Link>
          <Link
            to="/auth/login"
            className={`${BUTTON} border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white`}
          >
            Iniciar sesión
          </Link>
        </div>
      </div>
    </section>
  );
}

const FOOTER_LINK = `rounded-sm text-slate-700 underline-offset-4 hover:underline ${FOCUS} focus-visible:outline-brand-600`;

/** The footer (seed 002 §1): terms, privacy, the support mail and the year. */
export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-100 py-10">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2 text-brand-800 dark:text-brand-200">
          <Stethoscope aria-hidden="true" className="size-5" />
          <span className="font-bold">Radica</span>
        </div>
        <nav aria-label="Enlaces del sitio">
          <ul className="flex flex-col gap-3 sm:flex-row sm:gap-6">
            <li>
              <Link to="/consultar-cuv" className={FOOTER_LINK}>
                Consultar un CUV
              </Link>
            </li>
            <li>
              <Link to="/terms" className={FOOTER_LINK}>
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={FOOTER_LINK}>
                Política de privacidad
              </Link>
            </li>
            <li>
              <a href={supportMailto('Soporte Radica')} className={FOOTER_LINK}>
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </nav>
        <p className="text-slate-600">© {new Date().getFullYear()} Radica</p>
      </div>
    </footer>
  );
}
