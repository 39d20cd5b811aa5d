CREATE TABLE "email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fev_rips" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"formato" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"estado" text NOT NULL,
	"estado_previo" text,
	"cuv" text,
	"proceso_id" bigint,
	"intentos_envio" integer DEFAULT 0 NOT NULL,
	"total_factura" numeric(18, 2) DEFAULT '0' NOT NULL,
	"info_fev_rips" jsonb,
	"muv_endpoint" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_envio" timestamp with time zone,
	"fecha_radicacion" timestamp with time zone,
	"envio_iniciado_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fev_rips_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fev_rips_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer NOT NULL,
	"attempt_id" integer,
	"origen" text NOT NULL,
	"clase" text NOT NULL,
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"observaciones" text DEFAULT '' NOT NULL,
	"path_fuente" text DEFAULT '' NOT NULL,
	"fuente" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "muv_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer,
	"operation" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" double precision,
	"http_status" integer,
	"outcome" text,
	"request_summary" jsonb,
	"raw_response" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "provider_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"codigo_prestador" text NOT NULL,
	"user_validator" text NOT NULL,
	"password_validator_enc" text NOT NULL,
	"tipo_prestador_servicio" text,
	"tipo_caracter" text,
	"tipo_clase_persona" text,
	"tipo_entidad" text,
	"telefono_adicional" text,
	"nombre_representante_legal" text,
	"fecha_radicacion" date,
	"fecha_vencimiento" date,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_configs_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"validator" text NOT NULL,
	"database_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_validator_unique" UNIQUE("validator"),
	CONSTRAINT "tenants_database_name_unique" UNIQUE("database_name")
);
--> statement-breakpoint
CREATE TABLE "terceros" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"razon_social" text DEFAULT '' NOT NULL,
	"primer_nombre" text DEFAULT '' NOT NULL,
	"segundo_nombre" text DEFAULT '' NOT NULL,
	"primer_apellido" text DEFAULT '' NOT NULL,
	"segundo_apellido" text DEFAULT '' NOT NULL,
	"tipo_identidad" text NOT NULL,
	"numero_identificacion" text NOT NULL,
	"dv" text DEFAULT '' NOT NULL,
	"cod_pais" text NOT NULL,
	"cod_departamento" text NOT NULL,
	"cod_ciudad" text NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"observaciones" text DEFAULT '' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"tercero_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"auth_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "fev_rips" ADD CONSTRAINT "fev_rips_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD CONSTRAINT "fev_rips_id_usuario_users_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_files" ADD CONSTRAINT "fev_rips_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_files" ADD CONSTRAINT "fev_rips_files_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_results" ADD CONSTRAINT "fev_rips_results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_results" ADD CONSTRAINT "fev_rips_results_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_results" ADD CONSTRAINT "fev_rips_results_attempt_id_muv_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."muv_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muv_attempts" ADD CONSTRAINT "muv_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muv_attempts" ADD CONSTRAINT "muv_attempts_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_configs" ADD CONSTRAINT "provider_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terceros" ADD CONSTRAINT "terceros_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tercero_id_terceros_id_fk" FOREIGN KEY ("tercero_id") REFERENCES "public"."terceros"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_email_idx" ON "email_codes" USING btree ("email","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "fev_rips_tenant_formato_uq" ON "fev_rips" USING btree ("tenant_id","formato");--> statement-breakpoint
CREATE INDEX "fev_rips_tenant_creacion_idx" ON "fev_rips" USING btree ("tenant_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "fev_rips_tenant_estado_idx" ON "fev_rips" USING btree ("tenant_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "fev_rips_files_doc_tipo_uq" ON "fev_rips_files" USING btree ("fev_rips_id","tipo");--> statement-breakpoint
CREATE INDEX "fev_rips_results_doc_idx" ON "fev_rips_results" USING btree ("fev_rips_id");--> statement-breakpoint
CREATE INDEX "muv_attempts_doc_idx" ON "muv_attempts" USING btree ("fev_rips_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "terceros_tenant_idx" ON "terceros" USING btree ("tenant_id");