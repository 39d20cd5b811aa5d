CREATE TABLE "correo_respuestas_limite" (
	"clave" text PRIMARY KEY NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_hasta" timestamp with time zone DEFAULT now() NOT NULL;