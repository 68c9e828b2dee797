CREATE TABLE "searchable_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"category" text NOT NULL,
	"url_path" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "searchable_content_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "searchable_content_vector_idx" ON "searchable_content" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "searchable_content_title_trgm_idx" ON "searchable_content" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "searchable_content_type_category_idx" ON "searchable_content" USING btree ("content_type","category","is_published");