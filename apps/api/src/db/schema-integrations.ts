import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { tenants, users } from './schema-accounts.ts';
import { fevRips } from './schema-documents.ts';

/** Drizzle schema of the integrators' API channel: API keys and idempotent filings. */

/**
 * An API key of a tenant: shown once at creation, stored as the SHA-256 of the whole key (the key is 32 random bytes,
 * so a fast hash is enough: nothing to brute-force; docs/decisions/024). `prefijo` is what lists show.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    creadaPor: integer('creada_por')
      .notNull()
      .references(() => users.id),
    nombre: text('nombre').notNull(),
    prefijo: text('prefijo').notNull(),
    hash: text('hash').notNull(),
    creadaEn: ts('creada_en').notNull().defaultNow(),
    expiraEn: ts('expira_en').notNull(),
    ultimoUso: ts('ultimo_uso'),
    revocadaEn: ts('revocada_en'),
    /**
     * (docs/decisions/039): set when the user who created the key is removed or stops being an administrator;
     * the key is refused until an administrator confirms it (then it passes to that administrator).
     */
    suspendidaEn: ts('suspendida_en'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_tenant_idx').on(t.tenantId)],
);

/**
 * One `Idempotency-Key` of a filing: the first request with the key claims it (unique per tenant), stores
 * the hash of its body and, when done, its answer; a replay with the same body gets that answer, another body a 409.
 * The claim is a lease: `lease_hasta` is pushed forward while the request works; once it passes
 * (the process died), a replay takes the claim over and finishes the filing from `fev_rips_id`, the document the
 * first request had made so far.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    clave: text('clave').notNull(),
    cuerpoHash: text('cuerpo_hash').notNull(),
    fevRipsId: integer('fev_rips_id').references(() => fevRips.id),
    estadoHttp: integer('estado_http'),
    respuesta: jsonb('respuesta'),
    creadaEn: ts('creada_en').notNull().defaultNow(),
    leaseHasta: ts('lease_hasta').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_tenant_clave_uq').on(t.tenantId, t.clave)],
);
