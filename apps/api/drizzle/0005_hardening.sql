ALTER TABLE "fev_rips" ADD COLUMN "envio_lease_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "client_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_email_client_idx" ON "login_failures" USING btree ("email","client_key","failed_at");