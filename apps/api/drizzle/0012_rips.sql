CREATE TABLE "rips_borradores" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"estructura" text NOT NULL,
	"origen" text NOT NULL,
	"estado" text DEFAULT 'BORRADOR' NOT NULL,
	"contenido" text,
	"xml" "bytea",
	"xml_nombre" text,
	"formato" text,
	"num_factura" text,
	"tipo_nota" text,
	"num_nota" text,
	"cantidad_usuarios" integer DEFAULT 0 NOT NULL,
	"cantidad_servicios" integer DEFAULT 0 NOT NULL,
	"total_valor_servicios" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_rechazos" integer DEFAULT 0 NOT NULL,
	"total_notificaciones" integer DEFAULT 0 NOT NULL,
	"fev_rips_id" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rips_medicamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"cod_tecnologia_salud" text NOT NULL,
	"nom_tecnologia_salud" text,
	"forma_farmaceutica" text,
	"concentracion_medicamento" integer,
	"unidad_medida" integer,
	"unidad_min_dispensa" integer,
	"tipo_medicamento" text,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rips_pacientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"tipo_documento_identificacion" text NOT NULL,
	"num_documento_identificacion" text NOT NULL,
	"fecha_nacimiento" text,
	"cod_sexo" text,
	"tipo_usuario" text,
	"cod_pais_residencia" text,
	"cod_municipio_residencia" text,
	"cod_zona_territorial_residencia" text,
	"cod_pais_origen" text,
	"nombre" text,
	"origen" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rips_pacientes_accesos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"accion" text NOT NULL,
	"paciente_id" integer,
	"detalle" text DEFAULT '' NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rips_borradores" ADD CONSTRAINT "rips_borradores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_borradores" ADD CONSTRAINT "rips_borradores_id_usuario_users_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_borradores" ADD CONSTRAINT "rips_borradores_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_medicamentos" ADD CONSTRAINT "rips_medicamentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_pacientes" ADD CONSTRAINT "rips_pacientes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_pacientes_accesos" ADD CONSTRAINT "rips_pacientes_accesos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_pacientes_accesos" ADD CONSTRAINT "rips_pacientes_accesos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rips_borradores_tenant_idx" ON "rips_borradores" USING btree ("tenant_id","fecha_modificacion","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rips_medicamentos_cod_uq" ON "rips_medicamentos" USING btree ("tenant_id","cod_tecnologia_salud");--> statement-breakpoint
CREATE UNIQUE INDEX "rips_pacientes_doc_uq" ON "rips_pacientes" USING btree ("tenant_id","tipo_documento_identificacion","num_documento_identificacion");--> statement-breakpoint
CREATE INDEX "rips_pacientes_accesos_tenant_idx" ON "rips_pacientes_accesos" USING btree ("tenant_id","fecha");