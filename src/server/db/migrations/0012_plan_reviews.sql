ALTER TABLE "assistant_plans" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "assistant_plans" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_plans" ADD COLUMN "review_note" text;--> statement-breakpoint
CREATE INDEX "assistant_plans_status_submitted_idx" ON "assistant_plans" USING btree ("status","submitted_at");