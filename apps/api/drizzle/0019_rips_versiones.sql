CREATE TABLE "rips_borradores_versiones" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"borrador_id" integer NOT NULL,
	"version" integer NOT NULL,
	"motivo" text NOT NULL,
	"contenido" text NOT NULL,
	"cantidad_usuarios" integer DEFAULT 0 NOT NULL,
	"cantidad_servicios" integer DEFAULT 0 NOT NULL,
	"id_usuario" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rips_borradores_versiones" ADD CONSTRAINT "rips_borradores_versiones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_borradores_versiones" ADD CONSTRAINT "rips_borradores_versiones_borrador_id_rips_borradores_id_fk" FOREIGN KEY ("borrador_id") REFERENCES "public"."rips_borradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rips_borradores_versiones" ADD CONSTRAINT "rips_borradores_versiones_id_usuario_users_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rips_borradores_versiones_idx" ON "rips_borradores_versiones" USING btree ("tenant_id","borrador_id","id");