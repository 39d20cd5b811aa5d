import type { TModule } from '../../lib/purchased-products';

/**
 * Titles of the coming-soon module pages (seed 002 §2 "Coming-soon module pages"), in a module of their own so the
 * route table can name the RIPS placeholders without loading the pages.
 */
export const COMING_SOON_TITLES: Record<TModule, string> = {
  ministerio: 'Gestión de RIPS y envío al Ministerio',
  facturacion: 'Módulo de Facturación Electrónica',
  marketing: 'Módulo de Marketing Digital',
  automatizaciones: 'Módulo de Automatizaciones Inteligentes',
};
/** Titles of the RIPS placeholders (seed 002 §2). */
export const RIPS_TITLES = {
  listado: 'Módulo de RIPS',
  editor: 'Creación y Edición de Documentos RIPS',
} as const;
