CREATE TABLE "alerta_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer,
	"tipo" text NOT NULL,
	"canal" text NOT NULL,
	"destino" text NOT NULL,
	"clave" text NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alertas_config" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"correos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whatsapp" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alertar_no_aprobado" boolean DEFAULT true NOT NULL,
	"alertar_error" boolean DEFAULT true NOT NULL,
	"resumen_diario" boolean DEFAULT false NOT NULL,
	"ultimo_resumen" text,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canal_correo" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"remitentes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"envio_automatico" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correo_entrantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"message_id" text,
	"remitente" text NOT NULL,
	"asunto" text DEFAULT '' NOT NULL,
	"estado" text NOT NULL,
	"motivo" text,
	"detalle" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"respuesta_enviada" boolean DEFAULT false NOT NULL,
	"recibido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_usuarios" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"password_hash" text,
	"claves_publicas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"envio_automatico" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_entregas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"webhook_id" integer NOT NULL,
	"fev_rips_id" integer,
	"evento_id" text NOT NULL,
	"evento" text NOT NULL,
	"payload" jsonb NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_http_status" integer,
	"ultimo_error" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_intento_en" timestamp with time zone,
	"entregado_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"url" text NOT NULL,
	"secreto_cifrado" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "plan" text DEFAULT 'profesional' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerta_envios" ADD CONSTRAINT "alerta_envios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_envios" ADD CONSTRAINT "alerta_envios_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_config" ADD CONSTRAINT "alertas_config_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canal_correo" ADD CONSTRAINT "canal_correo_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correo_entrantes" ADD CONSTRAINT "correo_entrantes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_usuarios" ADD CONSTRAINT "sftp_usuarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerta_envios_tenant_idx" ON "alerta_envios" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerta_envios_clave_uq" ON "alerta_envios" USING btree ("tenant_id","canal","destino","clave");--> statement-breakpoint
CREATE UNIQUE INDEX "canal_correo_token_uq" ON "canal_correo" USING btree ("token");--> statement-breakpoint
CREATE INDEX "correo_entrantes_tenant_idx" ON "correo_entrantes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sftp_usuarios_usuario_uq" ON "sftp_usuarios" USING btree ("usuario");--> statement-breakpoint
CREATE INDEX "webhook_entregas_tenant_idx" ON "webhook_entregas" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_entregas_evento_uq" ON "webhook_entregas" USING btree ("webhook_id","evento_id");--> statement-breakpoint
CREATE INDEX "webhooks_tenant_idx" ON "webhooks" USING btree ("tenant_id");