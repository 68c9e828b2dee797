ALTER TABLE "ai_outputs" ADD COLUMN "brief_facts" jsonb;--> statement-breakpoint
ALTER TABLE "ai_outputs" ADD COLUMN "removed_references" jsonb DEFAULT '[]'::jsonb NOT NULL;