CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"essential" boolean DEFAULT true NOT NULL,
	"functional" boolean NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cookie_consents_user_created_idx" ON "cookie_consents" USING btree ("user_id","created_at");