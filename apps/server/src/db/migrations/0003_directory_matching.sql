-- Hand-written: cube and earthdistance for the nearest-first radius search (DESIGN.md: GiST on ll_to_earth,
-- ordered with <->); both ship with PGlite and with PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "directory_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "directory_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer,
	"feedback_type" text NOT NULL,
	"comments" text,
	"user_email" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer,
	"provider_id" integer NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"status" text NOT NULL,
	"score" real,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_communication_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_communication_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"method_type" text NOT NULL,
	"contact_value" text NOT NULL,
	"notes" text,
	"verified" boolean DEFAULT false NOT NULL,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"discovery_method" text DEFAULT 'manual' NOT NULL,
	"discovered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepts_referrals" boolean DEFAULT true NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_provider_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_provider_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	"distance_miles" double precision,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"communication_method_id" integer,
	"communication_method" text,
	"contact_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "communication_method_id" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "web_form_url" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "wheelchair_accessible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "hours_of_operation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "google_rating" real;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "google_review_count" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "google_place_id" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "ratings_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "capacity_status" text DEFAULT 'accepting' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "capacity_wait_days" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "capacity_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "source" text DEFAULT 'directory' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(city, '') || ' ' || coalesce(zip_code, '') || ' ' || coalesce(county, '') || ' ' || coalesce(state, '') || ' ' || tm_array_text(services))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "auto_matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_feedback" ADD CONSTRAINT "directory_feedback_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_communication_methods" ADD CONSTRAINT "provider_communication_methods_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_provider_matches" ADD CONSTRAINT "referral_provider_matches_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_provider_matches" ADD CONSTRAINT "referral_provider_matches_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_providers" ADD CONSTRAINT "saved_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_providers" ADD CONSTRAINT "saved_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_feedback_provider_idx" ON "match_feedback" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_methods_provider_contact_uq" ON "provider_communication_methods" USING btree ("provider_id","method_type","contact_value");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_provider_matches_uq" ON "referral_provider_matches" USING btree ("referral_id","provider_id");--> statement-breakpoint
CREATE INDEX "referral_provider_matches_provider_idx" ON "referral_provider_matches" USING btree ("provider_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_providers_user_provider_uq" ON "saved_providers" USING btree ("user_id","provider_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_provider_idx" ON "outbound_messages" USING btree ("provider_id","created_at") WHERE "outbound_messages"."provider_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "providers_state_county_idx" ON "providers" USING btree ("state","county");--> statement-breakpoint
CREATE INDEX "providers_search_trgm_idx" ON "providers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_services_idx" ON "providers" USING gin ("services");--> statement-breakpoint
CREATE INDEX "providers_earth_idx" ON "providers" USING gist (ll_to_earth("latitude", "longitude")) WHERE "providers"."latitude" IS NOT NULL AND "providers"."longitude" IS NOT NULL;--> statement-breakpoint
-- Hand-written: the nearest providers within a radius, nearest first (modules/directory/repo.ts). A function so
-- that it can plan its query with bitmap scans off: PostgreSQL has no statistics for `<@` on the cube
-- expression, guesses that the radius's box holds a handful of rows, and would scan the whole box and sort it
-- (11 ms instead of under 1 ms for 2 000 providers in the box, growing with the box). Without bitmap scans the
-- only plan is the GiST index scan bounded by the box and ordered by `<->`, which stops after p_limit rows.
-- Each call is planned for its own point (plan_cache_mode): a generic plan, blind to the point, may choose a
-- sequential scan. The caller pays one round trip. NULL filters do not filter.
CREATE OR REPLACE FUNCTION tm_nearest_providers(
  p_lat float8, p_lng float8, p_radius_m float8, p_limit int,
  p_services text[], p_languages text[], p_org_type text, p_medicaid boolean, p_medicare boolean,
  p_min_quality int, p_exclude_full boolean, p_pattern text)
RETURNS TABLE (provider_id int, distance_m float8)
LANGUAGE plpgsql STABLE
-- A handful of rows (the default guess is 1 000), so the caller joins them back through the primary key
-- instead of hashing the whole providers table.
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
