import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { tenants, users } from './schema-accounts.ts';

/**
 * Who accepted which version of the terms and the privacy policy, and when (Ley 1581 de 2012 art. 9
 * and Decreto 1377 de 2013 art. 7: the authorisation must be kept so it can be shown later). One row per acceptance:
 * `origen` 'registro' (the account was created) or 'compra' (a sale was started, `venta_referencia`). The versions are
 * the server's constants (contracts legal.ts). A guest's purchase has no tenant or user yet: its e-mail identifies it.
 * Rows are kept (no cascade): they are the evidence of consent.
 */
export const aceptacionesLegales = pgTable(
  'aceptaciones_legales',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    origen: text('origen').notNull(),
    versionTerminos: text('version_terminos').notNull(),
    versionPrivacidad: text('version_privacidad').notNull(),
    ventaReferencia: text('venta_referencia'),
    aceptadoEn: ts('aceptado_en').notNull().defaultNow(),
  },
  (t) => [index('aceptaciones_legales_user_idx').on(t.userId), index('aceptaciones_legales_email_idx').on(t.email)],
);
