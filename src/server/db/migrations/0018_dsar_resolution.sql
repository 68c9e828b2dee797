ALTER TABLE "dsar_requests" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "dsar_requests" ADD COLUMN "handled_by" uuid;