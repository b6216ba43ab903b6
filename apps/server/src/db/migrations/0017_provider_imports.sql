CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"data_source" text NOT NULL,
	"states" text[] NOT NULL,
	"limit_per_state" integer NOT NULL,
	"taxonomy" text,
	"method" text DEFAULT 'api' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"schedule_id" integer,
	"created_by" integer,
	"progress" jsonb NOT NULL,
	"usage" jsonb NOT NULL,
	"notes" text[] DEFAULT '{}' NOT NULL,
	"cost_usd" numeric(14, 6),
	"cost_breakdown" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_schedule_dependencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_schedule_dependencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"depends_on_schedule_id" integer NOT NULL,
	"dependency_type" text DEFAULT 'success' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"data_source" text NOT NULL,
	"frequency" text NOT NULL,
	"cron_expression" text NOT NULL,
	"states" text[] NOT NULL,
	"limit_per_run" integer NOT NULL,
	"taxonomy" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"successful_runs" integer DEFAULT 0 NOT NULL,
	"total_runs" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "data_source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "last_verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "registry_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "registry_hash" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_schedule_id_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."import_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_schedule_dependencies" ADD CONSTRAINT "import_schedule_dependencies_schedule_id_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_schedule_dependencies" ADD CONSTRAINT "import_schedule_dependencies_depends_on_schedule_id_import_schedules_id_fk" FOREIGN KEY ("depends_on_schedule_id") REFERENCES "public"."import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_schedules" ADD CONSTRAINT "import_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_active_idx" ON "import_jobs" USING btree ("status") WHERE "import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "import_jobs_schedule_idx" ON "import_jobs" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_completed_idx" ON "import_jobs" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_schedule_dependencies_uq" ON "import_schedule_dependencies" USING btree ("schedule_id","depends_on_schedule_id");--> statement-breakpoint
CREATE INDEX "import_schedule_dependencies_upstream_idx" ON "import_schedule_dependencies" USING btree ("depends_on_schedule_id");--> statement-breakpoint
CREATE INDEX "import_schedules_due_idx" ON "import_schedules" USING btree ("next_run_at") WHERE "import_schedules"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "providers_npi_uq" ON "providers" USING btree ("npi") WHERE "providers"."npi" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "providers_data_source_idx" ON "providers" USING btree ("data_source");--> statement-breakpoint
-- Hand-written: providers added by hand came from their organization; every listing was last confirmed when it
-- was last touched (its capacity confirmation, else its last change).
UPDATE "providers" SET "data_source" = 'organization' WHERE "source" = 'user';--> statement-breakpoint
UPDATE "providers" SET "last_verified_at" = greatest("updated_at", coalesce("capacity_confirmed_at", "updated_at"));
--> statement-breakpoint
-- Hand-written: an NPI the registry deactivated leaves the nearest search (and so matching). Migration 0006's
-- function with one more condition; same signature and plan.
CREATE OR REPLACE FUNCTION tm_nearest_providers(
  p_lat float8, p_lng float8, p_radius_m float8, p_limit int,
  p_services text[], p_languages text[], p_org_type text, p_medicaid boolean, p_medicare boolean,
  p_min_quality int, p_exclude_full boolean, p_pattern text, p_viewer_org int)
RETURNS TABLE (provider_id int, distance_m float8)
LANGUAGE plpgsql STABLE
ROWS 10
SET enable_bitmapscan = off
SET plan_cache_mode = force_custom_plan
AS $fn$
BEGIN
  RETURN QUERY
  SELECT p.id, earth_distance(ll_to_earth(p.latitude, p.longitude), ll_to_earth(p_lat, p_lng))
    FROM providers p
   WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL
     AND earth_box(ll_to_earth(p_lat, p_lng), p_radius_m) @> ll_to_earth(p.latitude, p.longitude)
     AND earth_distance(ll_to_earth(p.latitude, p.longitude), ll_to_earth(p_lat, p_lng)) <= p_radius_m
     AND tm_provider_visible(p.source, p.verified_at, p.owner_organization_id, p_viewer_org)
     AND p.registry_status = 'active'
     AND (p_services IS NULL OR p.services && p_services)
     AND (p_languages IS NULL OR p.languages && p_languages)
     AND (p_org_type IS NULL OR p.organization_type = p_org_type)
     AND (p_medicaid IS NULL OR p.accepts_medicaid = p_medicaid)
     AND (p_medicare IS NULL OR p.accepts_medicare = p_medicare)
     AND (p_min_quality IS NULL OR p.data_quality_score >= p_min_quality)
     AND (NOT coalesce(p_exclude_full, false) OR p.capacity_status <> 'full')
     AND (p_pattern IS NULL OR p.search_text LIKE p_pattern)
   ORDER BY ll_to_earth(p.latitude, p.longitude) <-> ll_to_earth(p_lat, p_lng)
   LIMIT p_limit;
END
$fn$;
