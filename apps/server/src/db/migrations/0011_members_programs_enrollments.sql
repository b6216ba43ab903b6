CREATE TABLE "enrollment_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"activity_date" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"billing_activity_id" integer,
	"units" integer DEFAULT 1 NOT NULL,
	"performed_by" integer,
	"completed_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment_id" integer NOT NULL,
	"goal_text" text NOT NULL,
	"goal_category" text DEFAULT 'health' NOT NULL,
	"target_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"completed_at" timestamp with time zone,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment_id" integer NOT NULL,
	"note_text" text NOT NULL,
	"note_type" text DEFAULT 'general' NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"enrollment_date" date NOT NULL,
	"start_date" date,
	"end_date" date,
	"case_manager_user_id" integer,
	"priority_level" text,
	"eligibility_verified" boolean DEFAULT false NOT NULL,
	"consent_obtained" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"friendly_name" text NOT NULL,
	"category" text,
	"default_value" text,
	"mandatory" boolean DEFAULT false NOT NULL,
	"str_len" integer,
	"nullable" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "field_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"db_column" text NOT NULL,
	"alternative" text NOT NULL,
	"source_system" text DEFAULT '' NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_import_refusals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_import_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"file_name" text NOT NULL,
	"file_format" text NOT NULL,
	"storage_key" text NOT NULL,
	"columns" text[] DEFAULT '{}' NOT NULL,
	"source_system" text DEFAULT '' NOT NULL,
	"column_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"on_existing" text DEFAULT 'update' NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_counts" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"activity_name" text NOT NULL,
	"activity_code" text,
	"activity_type" text,
	"description" text,
	"cpt_code" text,
	"hcpcs_code" text,
	"revenue_code" text,
	"modifier_1" text,
	"modifier_2" text,
	"billing_unit" text NOT NULL,
	"rate_cents_per_unit" bigint NOT NULL,
	"mcp_id" text,
	"max_units_per_day" integer,
	"max_units_per_month" integer,
	"place_of_service" text,
	"is_bundled" boolean DEFAULT false NOT NULL,
	"bundled_activities" text[] DEFAULT '{}' NOT NULL,
	"requires_prior_auth" boolean DEFAULT false NOT NULL,
	"requires_supervision" boolean DEFAULT false NOT NULL,
	"min_credentials_required" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"effective_date" date,
	"expiration_date" date,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"program_type" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"capacity" integer,
	"funding_source" text,
	"billing_code" text,
	"reimbursement_rate_cents" bigint,
	"eligibility_criteria" text,
	"services_offered" text[] DEFAULT '{}' NOT NULL,
	"program_manager_name" text,
	"program_manager_email" text,
	"program_manager_phone" text,
	"created_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_ts" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_org_name_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(medicaid_id, '') || ' ' || coalesce(patient_no, '') || ' ' || coalesce(phone_no, '') || ' ' || regexp_replace(coalesce(phone_no, ''), '[^0-9]', '', 'g') || ' ' || coalesce(email, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_activities" ADD CONSTRAINT "enrollment_activities_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_activities" ADD CONSTRAINT "enrollment_activities_billing_activity_id_billing_activities_id_fk" FOREIGN KEY ("billing_activity_id") REFERENCES "public"."billing_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_activities" ADD CONSTRAINT "enrollment_activities_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_documents" ADD CONSTRAINT "enrollment_documents_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_documents" ADD CONSTRAINT "enrollment_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_goals" ADD CONSTRAINT "enrollment_goals_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_goals" ADD CONSTRAINT "enrollment_goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_notes" ADD CONSTRAINT "enrollment_notes_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_notes" ADD CONSTRAINT "enrollment_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_case_manager_user_id_users_id_fk" FOREIGN KEY ("case_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_mappings" ADD CONSTRAINT "field_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_refusals" ADD CONSTRAINT "member_import_refusals_import_id_member_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_counts" ADD CONSTRAINT "member_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_activities" ADD CONSTRAINT "billing_activities_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_activities_enrollment_idx" ON "enrollment_activities" USING btree ("enrollment_id","activity_date","id");--> statement-breakpoint
CREATE INDEX "enrollment_activities_billing_idx" ON "enrollment_activities" USING btree ("billing_activity_id","activity_date");--> statement-breakpoint
CREATE INDEX "enrollment_documents_enrollment_idx" ON "enrollment_documents" USING btree ("enrollment_id","upload_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_documents_storage_key_uq" ON "enrollment_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "enrollment_goals_enrollment_idx" ON "enrollment_goals" USING btree ("enrollment_id","created_ts","id");--> statement-breakpoint
CREATE INDEX "enrollment_notes_enrollment_idx" ON "enrollment_notes" USING btree ("enrollment_id","created_ts","id");--> statement-breakpoint
CREATE INDEX "enrollments_org_date_idx" ON "enrollments" USING btree ("organization_id","enrollment_date","id");--> statement-breakpoint
CREATE INDEX "enrollments_program_status_idx" ON "enrollments" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "enrollments_member_idx" ON "enrollments" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "enrollments_case_manager_idx" ON "enrollments" USING btree ("case_manager_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_org_name_uq" ON "custom_fields" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "custom_fields_org_category_idx" ON "custom_fields" USING btree ("organization_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "field_mappings_org_source_alt_uq" ON "field_mappings" USING btree ("organization_id","source_system",lower("alternative"));--> statement-breakpoint
CREATE INDEX "field_mappings_org_column_idx" ON "field_mappings" USING btree ("organization_id","db_column");--> statement-breakpoint
CREATE INDEX "member_import_refusals_import_idx" ON "member_import_refusals" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "member_imports_org_created_idx" ON "member_imports" USING btree ("organization_id","created_ts","id");--> statement-breakpoint
CREATE INDEX "billing_activities_program_idx" ON "billing_activities" USING btree ("program_id","activity_name","id");--> statement-breakpoint
CREATE INDEX "programs_org_name_idx" ON "programs" USING btree ("organization_id","name","id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_patient_no_uq" ON "members" USING btree ("organization_id","patient_no") WHERE "members"."patient_no" is not null;--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_org_created_by_idx" ON "members" USING btree ("organization_id","created_by");--> statement-breakpoint
CREATE INDEX "members_org_name_idx" ON "members" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
-- The member list's totals (schema/members.ts memberCounts): kept by statement-level triggers, one row per
-- organization, whatever writes members.
CREATE FUNCTION tm_member_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_counts (organization_id, total)
  SELECT organization_id, count(*) FROM new_rows GROUP BY organization_id
  ON CONFLICT (organization_id) DO UPDATE SET total = member_counts.total + EXCLUDED.total;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An UPDATE, never an insert: when an organization is deleted its count row goes with it (cascade) and nothing
-- may recreate it.
CREATE FUNCTION tm_member_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_counts c SET total = c.total - o.n
    FROM (SELECT organization_id, count(*) AS n FROM old_rows GROUP BY organization_id) o
   WHERE c.organization_id = o.organization_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER members_count_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_member_counts_add();--> statement-breakpoint
CREATE TRIGGER members_count_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_member_counts_remove();--> statement-breakpoint
INSERT INTO member_counts (organization_id, total)
SELECT organization_id, count(*) FROM members GROUP BY organization_id;
