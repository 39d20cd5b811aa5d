import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PLANES } from '@radica/contracts/plans';
import { formatCop } from '../../../lib/format';
import { ChannelCarousel } from '../components/channel-carousel';
import { LandingHeader } from '../components/landing-header';
import {
  BenefitsSection,
  FinalCta,
  Hero,
  LandingFooter,
  SupportSection,
} from '../components/landing-sections';
import { PlansSection } from '../components/plans-section';

/**
 * `/`, the sales page (seed 002 §1), public and open to signed-in users too: header, hero with the channel pills,
 * plans, the channels carousel, benefits, support, a last call to action and the footer. It is the one screen the
 * first load carries (under 120 kB of JavaScript gzip, bench/sales-page.ts); every other screen loads on demand.
 */
export function LandingRoute() {
  const { hash } = useLocation();
  // A link to /#precios (from another page, or a reload) arrives before the section exists: scroll once it does.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="min-h-full bg-white">
      <title>Radica · Radicación de facturas y RIPS ante el Ministerio de Salud</title>
      <meta
        name="description"
        content={`Radica valida y envía la factura electrónica (XML) y los RIPS (JSON) al Ministerio de Salud por correo, FTP/SFTP, la plataforma o API. Plan Profesional ${formatCop(PLANES.profesional.yearlyPrice)} COP al año.`}
      />
      <a
        href="#contenido"
        className="sr-only rounded-md bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Saltar al contenido
      </a>
      <LandingHeader />
      <main id="contenido" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <PlansSection />
        <section
          id="canales"
          aria-labelledby="canales-title"
          className="scroll-mt-20 bg-white py-16 sm:py-24"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="canales-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Cuatro canales para enviarnos tus archivos
              </h2>
              <p className="mt-3 text-lg text-slate-600">
                Con el plan Profesional eliges cómo llegan tus facturas y RIPS a Radica.
              </p>
            </div>
            <div className="mt-10">
              <ChannelCarousel />
            </div>
          </div>
        </section>
        <BenefitsSection />
        <SupportSection />
        <FinalCta />
      </main>
      <LandingFooter />
    </div>
  );
}
