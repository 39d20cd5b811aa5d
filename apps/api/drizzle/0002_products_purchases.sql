CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"modulo" text NOT NULL,
	"producto_id" integer DEFAULT 0 NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text,
	"estado" text DEFAULT 'APROBADO' NOT NULL,
	"fecha_compra" timestamp with time zone DEFAULT now() NOT NULL,
	"monto_pagado" integer DEFAULT 0 NOT NULL,
	"numero_venta" text NOT NULL,
	"metodo_pago" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"registrado_por" text
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_tenant_idx" ON "purchases" USING btree ("tenant_id","modulo");--> statement-breakpoint
CREATE INDEX "fev_rips_tenant_estado_creacion_idx" ON "fev_rips" USING btree ("tenant_id","estado","fecha_creacion","id");