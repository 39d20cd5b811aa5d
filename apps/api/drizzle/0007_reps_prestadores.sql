-- Issue 13: the REPS providers and their imports. Hand-edited after drizzle-kit: the pg_trgm extension (created by
-- 0003 already; repeated so this migration stands alone on a database restored without it). The trigram GIN index
-- serves the name words (LIKE '%word%' and word starts LIKE '% word%'); the text_pattern_ops b-trees serve the code
-- and NIT prefixes whatever the database collation is.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "reps_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"estado" text DEFAULT 'en_curso' NOT NULL,
	"fuente" text NOT NULL,
	"origen" text NOT NULL,
	"filas" integer DEFAULT 0 NOT NULL,
	"insertados" integer DEFAULT 0 NOT NULL,
	"actualizados" integer DEFAULT 0 NOT NULL,
	"retirados" integer DEFAULT 0 NOT NULL,
	"malformadas" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reps_prestadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_habilitacion" text NOT NULL,
	"sede" text DEFAULT '01' NOT NULL,
	"codigo_prestador" text NOT NULL,
	"nombre" text NOT NULL,
	"nit" text,
	"dv" text,
	"razon_social" text,
	"tipo_prestador" text,
	"caracter" text,
	"clase_persona" text,
	"tipo_entidad" text,
	"habilitado" boolean DEFAULT true NOT NULL,
	"fecha_radicacion" date,
	"fecha_vencimiento" date,
	"depa_nombre" text,
	"muni_nombre" text,
	"direccion" text,
	"telefono" text,
	"email" text,
	"representante" text,
	"busqueda" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reps_prestadores_codigo_chk" CHECK ("reps_prestadores"."codigo_habilitacion" ~ '^[0-9]{10}$'),
	CONSTRAINT "reps_prestadores_sede_chk" CHECK ("reps_prestadores"."sede" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "reps_prestadores" ADD CONSTRAINT "reps_prestadores_import_id_reps_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reps_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reps_imports_one_running_idx" ON "reps_imports" USING btree ("estado") WHERE estado = 'en_curso';--> statement-breakpoint
CREATE UNIQUE INDEX "reps_prestadores_codigo_idx" ON "reps_prestadores" USING btree ("codigo_habilitacion");--> statement-breakpoint
CREATE INDEX "reps_prestadores_codigo_prestador_prefix_idx" ON "reps_prestadores" USING btree ("codigo_prestador" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reps_prestadores_nit_prefix_idx" ON "reps_prestadores" USING btree ("nit" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reps_prestadores_busqueda_trgm_idx" ON "reps_prestadores" USING gin ("busqueda" gin_trgm_ops);