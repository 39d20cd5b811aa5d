CREATE TABLE "claves_servidor" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor_cifrado" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correos_recibidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"remitente_sobre" text,
	"tenant_ids" jsonb NOT NULL,
	"crudo" "bytea",
	"hechos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recibido_en" timestamp with time zone DEFAULT now() NOT NULL,
	"procesado_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "envio_cola" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer NOT NULL,
	"turno" bigint NOT NULL,
	"disponible_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"clave" text PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"carpeta" text NOT NULL,
	"nombre" text NOT NULL,
	"contenido" "bytea" NOT NULL,
	"tamano" integer NOT NULL,
	"pendiente" boolean DEFAULT false NOT NULL,
	"modificado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_pendientes" (
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer NOT NULL,
	"formato" text NOT NULL,
	"archivos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sftp_pendientes_tenant_id_fev_rips_id_pk" PRIMARY KEY("tenant_id","fev_rips_id")
);
--> statement-breakpoint
CREATE TABLE "trabajos_activos" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"cola" text NOT NULL,
	"proceso" integer NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "envio_cola" ADD CONSTRAINT "envio_cola_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_archivos" ADD CONSTRAINT "sftp_archivos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_pendientes" ADD CONSTRAINT "sftp_pendientes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correos_recibidos_pendiente_idx" ON "correos_recibidos" USING btree ("procesado_en","recibido_en");--> statement-breakpoint
CREATE INDEX "envio_cola_tenant_idx" ON "envio_cola" USING btree ("tenant_id","fev_rips_id");--> statement-breakpoint
CREATE INDEX "envio_cola_turno_idx" ON "envio_cola" USING btree ("turno");--> statement-breakpoint
CREATE INDEX "rate_limits_expira_idx" ON "rate_limits" USING btree ("expira");--> statement-breakpoint
CREATE UNIQUE INDEX "sftp_archivos_nombre_uq" ON "sftp_archivos" USING btree ("tenant_id","carpeta","nombre");--> statement-breakpoint
CREATE INDEX "sftp_archivos_pendiente_idx" ON "sftp_archivos" USING btree ("pendiente","modificado_en");