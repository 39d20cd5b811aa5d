CREATE TABLE "aceptaciones_legales" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"origen" text NOT NULL,
	"version_terminos" text NOT NULL,
	"version_privacidad" text NOT NULL,
	"venta_referencia" text,
	"aceptado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aceptaciones_legales" ADD CONSTRAINT "aceptaciones_legales_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aceptaciones_legales" ADD CONSTRAINT "aceptaciones_legales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aceptaciones_legales_user_idx" ON "aceptaciones_legales" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "aceptaciones_legales_email_idx" ON "aceptaciones_legales" USING btree ("email");