CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"source_type" text NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"current_step_order" integer DEFAULT 0 NOT NULL,
	"steps_taken" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"started_by" text NOT NULL,
	"started_by_user_id" integer,
	"trigger_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_instances_status_ck" CHECK ("workflow_instances"."status" in ('running', 'completed', 'failed', 'paused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "workflow_step_executions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_step_executions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"step_id" integer,
	"step_order" integer NOT NULL,
	"step_name" text NOT NULL,
	"step_type" text NOT NULL,
	"visit" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"input" jsonb,
	"output" jsonb,
	"error" text,
	"resume_at" timestamp with time zone,
	"job_id" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_step_executions_key_uq" UNIQUE("instance_id","step_order","visit"),
	CONSTRAINT "workflow_step_executions_status_ck" CHECK ("workflow_step_executions"."status" in ('pending', 'running', 'waiting', 'completed', 'failed', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"step_order" integer NOT NULL,
	"step_type" text NOT NULL,
	"step_name" text NOT NULL,
	"step_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_steps_version_order_uq" UNIQUE("template_id","version","step_order"),
	CONSTRAINT "workflow_steps_order_ck" CHECK ("workflow_steps"."step_order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"execution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"assignee_user_id" integer,
	"assignee_role" text,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"comment" text,
	"due_at" timestamp with time zone,
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_tasks_execution_uq" UNIQUE("execution_id"),
	CONSTRAINT "workflow_tasks_kind_ck" CHECK ("workflow_tasks"."kind" in ('task', 'approval')),
	CONSTRAINT "workflow_tasks_status_ck" CHECK ("workflow_tasks"."status" in ('open', 'done', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "workflow_tasks_assignee_ck" CHECK ("workflow_tasks"."assignee_user_id" is not null or "workflow_tasks"."assignee_role" is not null)
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"trigger_type" text NOT NULL,
	"trigger_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"program_id" integer,
	"current_version" integer DEFAULT 1 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_executions" ADD CONSTRAINT "workflow_step_executions_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_executions" ADD CONSTRAINT "workflow_step_executions_step_id_workflow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_execution_id_workflow_step_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_step_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","organization_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_trigger_uq" ON "workflow_instances" USING btree ("template_id","enrollment_id","trigger_key");--> statement-breakpoint
CREATE INDEX "workflow_instances_org_idx" ON "workflow_instances" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "workflow_instances_template_idx" ON "workflow_instances" USING btree ("template_id","status");--> statement-breakpoint
CREATE INDEX "workflow_instances_enrollment_idx" ON "workflow_instances" USING btree ("enrollment_id","status");--> statement-breakpoint
CREATE INDEX "workflow_step_executions_form_idx" ON "workflow_step_executions" USING btree ((("output" ->> 'form_instance_id')::int)) WHERE "workflow_step_executions"."step_type" = 'form' and "workflow_step_executions"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "workflow_tasks_user_idx" ON "workflow_tasks" USING btree ("organization_id","assignee_user_id","status","id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_role_idx" ON "workflow_tasks" USING btree ("organization_id","assignee_role","status","id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_instance_idx" ON "workflow_tasks" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "workflow_templates_org_name_idx" ON "workflow_templates" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "workflow_templates_trigger_idx" ON "workflow_templates" USING btree ("organization_id","trigger_type") WHERE "workflow_templates"."is_active";--> statement-breakpoint
CREATE INDEX "workflow_templates_due_idx" ON "workflow_templates" USING btree ("next_run_at") WHERE "workflow_templates"."is_active" and "workflow_templates"."trigger_type" = 'time_based';--> statement-breakpoint
CREATE INDEX "workflow_templates_program_idx" ON "workflow_templates" USING btree ("program_id");