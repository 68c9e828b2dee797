CREATE TABLE "advisor_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exchange_id" uuid NOT NULL,
	"is_user" boolean NOT NULL,
	"content" text NOT NULL,
	"mode" text DEFAULT 'general' NOT NULL,
	"portal_context" text,
	"provider" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"suggestion" jsonb,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_plan_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"order_index" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"priority" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source_mode" text DEFAULT 'general' NOT NULL,
	"raw_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lineage_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"nodes" jsonb NOT NULL,
	"edges" jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_templates_lineage_version_unique" UNIQUE("lineage_id","version")
);
--> statement-breakpoint
ALTER TABLE "assistant_plan_steps" ADD CONSTRAINT "assistant_plan_steps_plan_id_assistant_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."assistant_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_plans" ADD CONSTRAINT "assistant_plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_messages_user_created_idx" ON "advisor_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_plan_steps_plan_order_idx" ON "assistant_plan_steps" USING btree ("plan_id","order_index");--> statement-breakpoint
CREATE INDEX "assistant_plans_user_created_idx" ON "assistant_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_templates_user_created_idx" ON "workflow_templates" USING btree ("user_id","created_at");