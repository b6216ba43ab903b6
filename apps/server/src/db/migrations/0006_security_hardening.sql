CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_notes" ADD COLUMN "visibility" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "carries_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "body_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "owner_organization_id" integer;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "verified_by" integer;--> statement-breakpoint
CREATE INDEX "attempt_counters_last_idx" ON "attempt_counters" USING btree ("last_attempt_at");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_owner_organization_id_organizations_id_fk" FOREIGN KEY ("owner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "providers_unverified_owner_idx" ON "providers" USING btree ("owner_organization_id") WHERE "providers"."source" = 'user' AND "providers"."verified_at" IS NULL;--> statement-breakpoint
-- Providers added by hand belong to their adder's organization (the primary membership of the user who added
-- them) until a platform operator verifies them.
UPDATE "providers" p SET "owner_organization_id" = (
  SELECT m."organization_id" FROM "memberships" m WHERE m."user_id" = p."created_by"
  ORDER BY m."is_primary" DESC, m."id" LIMIT 1
) WHERE p."source" = 'user';--> statement-breakpoint
-- Messages that carry a secret: reset and invitation links, sign-in codes.
UPDATE "outbound_messages" SET "carries_secret" = true
WHERE "category" IN ('invitation', 'password_reset', 'two_factor_code');
--> statement-breakpoint
-- Issue #12: the one rule of who sees a provider. A provider added by hand (source 'user') is private to the
-- organization that added it until a platform operator verifies it; registry providers are public. A NULL viewer
-- (signed out, or no organization) sees only public and verified ones. A plain SQL expression, so the planner
-- inlines it into every query that calls it (the directory's repo and tm_nearest_providers below).
CREATE OR REPLACE FUNCTION tm_provider_visible(
  p_source text, p_verified_at timestamptz, p_owner_organization_id int, p_viewer_org int)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
  SELECT p_source <> 'user' OR p_verified_at IS NOT NULL
      OR coalesce(p_owner_organization_id = p_viewer_org, false)
$fn$;--> statement-breakpoint
-- The nearest search of migration 0003 with the viewer's organization as its last parameter (the same plan: the
-- visibility test is a filter on the rows the GiST index scan yields in `<->` order). The old signature is
-- dropped, so no caller can search without saying who is looking.
DROP FUNCTION IF EXISTS tm_nearest_providers(
  float8, float8, float8, int, text[], text[], text, boolean, boolean, int, boolean, text);--> statement-breakpoint
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
--> statement-breakpoint
-- Case notes written by a referral's matched provider were read by the referring organization until notes had a
-- visibility: they stay readable there (shared; that exposes them to nobody new). The referring organization's
-- own notes stay internal (the default): the matched provider no longer reads them (issue #12).
UPDATE "case_notes" n SET "visibility" = 'shared'
FROM "referrals" r
WHERE r."id" = n."referral_id" AND n."organization_id" <> r."organization_id";--> statement-breakpoint
-- A note's history rows name its organization and visibility, so the timeline shows them only to who may read it.
UPDATE "referral_events" e
SET "details" = e."details" || jsonb_build_object('organization_id', n."organization_id", 'visibility', n."visibility")
FROM "case_notes" n
WHERE e."type" IN ('note_added', 'note_updated', 'note_deleted')
  AND jsonb_typeof(e."details" -> 'note_id') = 'number'
  AND e."details" -> 'organization_id' IS NULL
  AND n."id"::text = e."details" ->> 'note_id';
