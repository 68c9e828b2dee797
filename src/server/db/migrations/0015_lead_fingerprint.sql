ALTER TABLE "consultation_requests" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "consultation_requests_fingerprint_idx" ON "consultation_requests" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_fingerprint_idx" ON "contact_submissions" USING btree ("fingerprint","created_at");