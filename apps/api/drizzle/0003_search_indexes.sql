-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "fev_rips_tenant_creacion_idx";--> statement-breakpoint
CREATE INDEX "fev_rips_tenant_lista_idx" ON "fev_rips" USING btree ("tenant_id","fecha_creacion","id","estado","tipo_documento");--> statement-breakpoint
CREATE INDEX "fev_rips_formato_trgm_idx" ON "fev_rips" USING gin ("formato" gin_trgm_ops);