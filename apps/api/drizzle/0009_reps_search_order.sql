-- Issue 13 (search speed, docs/decisions/019): the REPS prefixes are read in index order with habilitado providers
-- apart, so a page of results stops after 10 index entries instead of sorting every match.
DROP INDEX "reps_prestadores_codigo_prestador_prefix_idx";--> statement-breakpoint
DROP INDEX "reps_prestadores_nit_prefix_idx";--> statement-breakpoint
CREATE INDEX "reps_prestadores_activo_codigo_idx" ON "reps_prestadores" USING btree ("habilitado","codigo_prestador" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reps_prestadores_activo_nit_idx" ON "reps_prestadores" USING btree ("habilitado","nit" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reps_prestadores_activo_busqueda_idx" ON "reps_prestadores" USING btree ("habilitado","busqueda" text_pattern_ops);