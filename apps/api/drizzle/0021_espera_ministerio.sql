ALTER TABLE "fev_rips" ADD COLUMN "reintento_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "reintento_texto" text;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "reintento_proximo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "reintento_numero" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "cuv_recuperado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "fev_rips_reintento_idx" ON "fev_rips" USING btree ("reintento_proximo") WHERE reintento_proximo is not null;