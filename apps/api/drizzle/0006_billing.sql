CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"plan_id" text,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"transaction_id" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"numero_venta" text NOT NULL,
	"tenant_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"original_price" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"currency" text DEFAULT 'COP' NOT NULL,
	"coupon_id" integer,
	"coupon_released" boolean DEFAULT false NOT NULL,
	"payment_method_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"status_message" text,
	"transaction_id" text,
	"async_payment_url" text,
	"billing_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"vigente_hasta" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "vigente_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_checksum_idx" ON "payment_events" USING btree ("checksum");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reference_idx" ON "sales" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_numero_venta_idx" ON "sales" USING btree ("numero_venta");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_transaction_idx" ON "sales" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "sales_email_idx" ON "sales" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "sales_tenant_idx" ON "sales" USING btree ("tenant_id");