CREATE TABLE "form_analytics_cache" (
	"organization_id" integer NOT NULL,
	"cache_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_instance_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_instance_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completion_percentage" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"assigned_to_user_id" integer,
	"due_date" date,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"review_comment" text,
	"created_by" integer,
	"last_updated_by" integer,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_instances_status_ck" CHECK ("form_instances"."status" in ('draft', 'submitted', 'reviewed', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "form_template_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"form_type" text NOT NULL,
	"program_id" integer,
	"sections" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_template_versions_template_version_uq" UNIQUE("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"form_type" text NOT NULL,
	"program_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_analytics_cache" ADD CONSTRAINT "form_analytics_cache_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instance_history" ADD CONSTRAINT "form_instance_history_instance_id_form_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."form_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instance_history" ADD CONSTRAINT "form_instance_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_template_id_form_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."form_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_last_updated_by_users_id_fk" FOREIGN KEY ("last_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_template_version_fk" FOREIGN KEY ("template_id","template_version") REFERENCES "public"."form_template_versions"("template_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_template_id_form_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."form_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_analytics_cache_key_uq" ON "form_analytics_cache" USING btree ("organization_id","cache_key");--> statement-breakpoint
CREATE INDEX "form_analytics_cache_expires_idx" ON "form_analytics_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_instance_history_instance_idx" ON "form_instance_history" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "form_instances_enrollment_idx" ON "form_instances" USING btree ("enrollment_id","last_updated_ts","id");--> statement-breakpoint
CREATE INDEX "form_instances_template_idx" ON "form_instances" USING btree ("template_id","template_version");--> statement-breakpoint
CREATE INDEX "form_instances_org_started_idx" ON "form_instances" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "form_instances_assignee_idx" ON "form_instances" USING btree ("assigned_to_user_id","status");--> statement-breakpoint
CREATE INDEX "form_instances_org_due_idx" ON "form_instances" USING btree ("organization_id","due_date") WHERE "form_instances"."status" = 'draft' and "form_instances"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "form_templates_org_name_idx" ON "form_templates" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "form_templates_org_type_idx" ON "form_templates" USING btree ("organization_id","form_type");--> statement-breakpoint
CREATE INDEX "form_templates_program_idx" ON "form_templates" USING btree ("program_id");