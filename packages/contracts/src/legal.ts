/**
 * The versions of Radica's legal texts in force: the terms of service (/terms) and the personal
 * data treatment policy (/privacy, Ley 1581 de 2012, Decreto 1377 de 2013). The server records these, never a version
 * a client sends, when someone registers or buys; change a version (and its date) whenever the text changes.
 */
export const VERSION_TERMINOS = '1.0';
export const VERSION_PRIVACIDAD = '1.0';
/** The day the current versions took effect (ISO date). */
export const LEGAL_VIGENTE_DESDE = '2026-11-26';

/** What the acceptance was given with. */
export const ORIGENES_ACEPTACION = ['registro', 'compra'] as const;
export type TOrigenAceptacion = (typeof ORIGENES_ACEPTACION)[number];
