CREATE TABLE "invitaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"rol" text NOT NULL,
	"token_hash" text NOT NULL,
	"invitado_por" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"aceptada_en" timestamp with time zone,
	"cancelada_en" timestamp with time zone,
	"usuario_id" integer
);
--> statement-breakpoint
CREATE TABLE "fev_rips_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fev_rips_id" integer NOT NULL,
	"usuario_id" integer,
	"api_key_id" integer,
	"canal" text NOT NULL,
	"accion" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_mensajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"numero" text NOT NULL,
	"tipo" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"enviado_en" timestamp with time zone NOT NULL,
	"recibido_en" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" integer,
	"usuario_id" integer,
	"procesado_en" timestamp with time zone,
	"resultado" text,
	"respuesta_wamid" text
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rol" text DEFAULT 'administrador' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ultimo_ingreso" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "eliminado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_numero" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_pendiente" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "suspendida_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitaciones" ADD CONSTRAINT "invitaciones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones" ADD CONSTRAINT "invitaciones_invitado_por_users_id_fk" FOREIGN KEY ("invitado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones" ADD CONSTRAINT "invitaciones_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_eventos" ADD CONSTRAINT "fev_rips_eventos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_eventos" ADD CONSTRAINT "fev_rips_eventos_fev_rips_id_fev_rips_id_fk" FOREIGN KEY ("fev_rips_id") REFERENCES "public"."fev_rips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fev_rips_eventos" ADD CONSTRAINT "fev_rips_eventos_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensajes" ADD CONSTRAINT "whatsapp_mensajes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_token_uq" ON "invitaciones" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitaciones_tenant_idx" ON "invitaciones" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_abierta_uq" ON "invitaciones" USING btree ("tenant_id","email") WHERE aceptada_en is null and cancelada_en is null;--> statement-breakpoint
CREATE INDEX "fev_rips_eventos_doc_idx" ON "fev_rips_eventos" USING btree ("fev_rips_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensajes_wamid_uq" ON "whatsapp_mensajes" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_mensajes_numero_idx" ON "whatsapp_mensajes" USING btree ("numero","recibido_en");--> statement-breakpoint
CREATE INDEX "whatsapp_mensajes_tenant_idx" ON "whatsapp_mensajes" USING btree ("tenant_id","recibido_en");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_activo_uq" ON "users" USING btree ("email") WHERE eliminado_en is null;--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_whatsapp_uq" ON "users" USING btree ("whatsapp_numero") WHERE eliminado_en is null and whatsapp_numero is not null;