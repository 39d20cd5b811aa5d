/**
 * The database schema drizzle and drizzle-kit read (every table, one module): accounts, sessions, codes, mail,
 * provider configuration and purchases in schema-accounts.ts; the ministry documents in schema-documents.ts; coupons, sales and payment events in schema-billing.ts;
 * the REPS providers and their imports in schema-reps.ts; API keys and idempotent filings in schema-integrations.ts;
 * webhooks, alerts and the e-mail and SFTP channels in schema-canales.ts; the
 * shared state of a many-process install (send queue turns, running jobs, rate limits, server keys, channel work) in
 * schema-runtime.ts; the legal acceptances (terms and privacy versions) in schema-legal.ts.
 * Application code imports the table it needs from its own file.
 */
export * from './schema-accounts.ts';
export * from './schema-documents.ts';
export * from './schema-billing.ts';
export * from './schema-reps.ts';
export * from './schema-integrations.ts';
export * from './schema-canales.ts';
export * from './schema-rips.ts';
export * from './schema-runtime.ts';
export * from './schema-legal.ts';
