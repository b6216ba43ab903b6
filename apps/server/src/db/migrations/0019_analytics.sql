CREATE TABLE "referral_facet_stats" (
	"organization_id" integer NOT NULL,
	"span" text NOT NULL,
	"day" date NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"result" text NOT NULL,
	"referrals" integer NOT NULL,
	CONSTRAINT "referral_facet_stats_facet_span_organization_id_day_value_result_pk" PRIMARY KEY("facet","span","organization_id","day","value","result")
);
--> statement-breakpoint
CREATE TABLE "referral_stats" (
	"organization_id" integer NOT NULL,
	"span" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"acceptance_status" text NOT NULL,
	"result" text NOT NULL,
	"referrals" integer NOT NULL,
	"responses" integer NOT NULL,
	"response_seconds" bigint NOT NULL,
	CONSTRAINT "referral_stats_organization_id_span_day_status_outcome_acceptance_status_result_pk" PRIMARY KEY("organization_id","span","day","status","outcome","acceptance_status","result")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "county_fips" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "no_provider_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "match_feedback_org_created_idx" ON "match_feedback" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "match_feedback_created_idx" ON "match_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referral_events_org_at_idx" ON "referral_events" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "referral_events_actor_at_idx" ON "referral_events" USING btree ("actor_user_id","at","id");--> statement-breakpoint
-- Issue #20: referral_stats and referral_facet_stats follow every write to referrals (and every decline recorded
-- on referral_provider_matches) through the triggers below, in the transaction of the write. Triggers rather
-- than calls in the services because they also follow what no service sees: bulk loads (the benchmarks, a
-- migration), cascaded deletes (an organization removed) and any future write path; the figures can never drift
-- from the rows. Row-level: each write upserts a handful of summary rows. The UPDATE triggers fire only when a
-- column the figures read changed, so edits of a member's details cost nothing.
CREATE OR REPLACE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
-- How a referral stands for the figures: succeeded (completed, service provided), not_served (completed
-- otherwise), declined (Rejected: every provider declined), expired, cancelled, unmatched (still Pending after
-- the engine found no provider within 50 miles) or open. The same words as GAP_KINDS of packages/domain.
CREATE OR REPLACE FUNCTION analytics_result(status text, outcome text, no_provider_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN status = 'completed' AND outcome = 'service_provided' THEN 'succeeded'
    WHEN status = 'completed' THEN 'not_served'
    WHEN status = 'rejected' THEN 'declined'
    WHEN status = 'expired' THEN 'expired'
    WHEN status = 'cancelled' THEN 'cancelled'
    WHEN status = 'pending' AND no_provider_at IS NOT NULL THEN 'unmatched'
    ELSE 'open' END $$;--> statement-breakpoint
-- The facets one referral counts under (referral_facet_stats), but the providers' declines (counted from
-- referral_provider_matches): its county, each need once, its matched provider, and the reason of an unmet end.
CREATE OR REPLACE FUNCTION analytics_facets(r referrals) RETURNS TABLE (facet text, value text)
  LANGUAGE sql STABLE
  AS $$
    SELECT 'county', coalesce(r.county_fips, '')
    UNION ALL SELECT DISTINCT 'need', n FROM unnest(r.sdoh_needs) AS n
    -- Only ended referrals: the Top Performing CBOs read nothing else, and open ones would double the rows.
    UNION ALL SELECT 'provider', r.matched_provider_id::text WHERE r.matched_provider_id IS NOT NULL
      AND analytics_result(r.status, r.outcome, r.no_provider_at) NOT IN ('open', 'unmatched')
    UNION ALL SELECT 'reason', coalesce(nullif(btrim(r.cancellation_reason), ''), 'No reason given')
      WHERE r.status = 'cancelled'
    UNION ALL SELECT 'reason', coalesce(r.outcome, '')
      WHERE analytics_result(r.status, r.outcome, r.no_provider_at) = 'not_served'
  $$;--> statement-breakpoint
-- The buckets a day of creation counts in (the summaries' `span`): the day itself, its week within its month
-- (keyed by the Monday, or by the 1st when the month starts mid-week: a week row never crosses a month's end),
-- and its month.
CREATE OR REPLACE FUNCTION analytics_buckets(d date) RETURNS TABLE (span text, bucket date)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ VALUES ('day', d),
               ('week', greatest(date_trunc('week', d), date_trunc('month', d))::date),
               ('month', date_trunc('month', d)::date) $$;--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one referral, with the declines recorded on its provider entries, at the
-- three grains.
CREATE OR REPLACE FUNCTION analytics_count_referral(r referrals, sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    d date := analytics_day(r.created_at);
    res text := analytics_result(r.status, r.outcome, r.no_provider_at);
    answered boolean := r.accepted_at IS NOT NULL AND r.matched_at IS NOT NULL;
  BEGIN
    INSERT INTO referral_stats AS s (organization_id, span, day, status, outcome, acceptance_status, result,
                                     referrals, responses, response_seconds)
      SELECT r.organization_id, b.span, b.bucket, r.status, coalesce(r.outcome, ''), coalesce(r.acceptance_status, ''),
             res, sign, CASE WHEN answered THEN sign ELSE 0 END,
             CASE WHEN answered THEN sign * round(extract(epoch FROM r.accepted_at - r.matched_at))::bigint ELSE 0 END
        FROM analytics_buckets(d) AS b
      ON CONFLICT (organization_id, span, day, status, outcome, acceptance_status, result) DO UPDATE
        SET referrals = s.referrals + excluded.referrals,
            responses = s.responses + excluded.responses,
            response_seconds = s.response_seconds + excluded.response_seconds;
    INSERT INTO referral_facet_stats AS s (organization_id, span, day, facet, value, result, referrals)
      SELECT r.organization_id, b.span, b.bucket, f.facet, f.value, res, sign * count(*)::int
        FROM analytics_buckets(d) AS b, (
          SELECT * FROM analytics_facets(r)
          UNION ALL
          SELECT 'decline', coalesce(nullif(btrim(m.decline_reason), ''), 'No reason given')
            FROM referral_provider_matches m WHERE m.referral_id = r.id AND m.status = 'declined'
        ) AS f
       GROUP BY b.span, b.bucket, f.facet, f.value
      ON CONFLICT (facet, span, organization_id, day, value, result) DO UPDATE
        SET referrals = s.referrals + excluded.referrals;
    -- A removal may leave rows counting nothing: they go, so the summaries hold only what the rebuild makes
    -- (a concurrent upsert of the same key waits for this delete, then inserts afresh).
    IF sign < 0 THEN
      DELETE FROM referral_stats s USING analytics_buckets(d) AS b
       WHERE s.organization_id = r.organization_id AND s.span = b.span AND s.day = b.bucket AND s.referrals = 0;
      DELETE FROM referral_facet_stats s USING analytics_buckets(d) AS b
       WHERE s.facet IN ('county', 'need', 'provider', 'reason', 'decline') AND s.span = b.span
         AND s.organization_id = r.organization_id AND s.day = b.bucket AND s.referrals = 0;
    END IF;
  END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_referral() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_referral(OLD, -1); END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_referral(NEW, 1); END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END $$;--> statement-breakpoint
CREATE TRIGGER analytics_referral_insert AFTER INSERT ON referrals
  FOR EACH ROW EXECUTE FUNCTION analytics_on_referral();--> statement-breakpoint
CREATE TRIGGER analytics_referral_update AFTER UPDATE ON referrals
  FOR EACH ROW WHEN ((OLD.organization_id, OLD.created_at, OLD.status, OLD.outcome, OLD.acceptance_status,
    OLD.no_provider_at, OLD.matched_at, OLD.accepted_at, OLD.county_fips, OLD.sdoh_needs, OLD.matched_provider_id,
    OLD.cancellation_reason) IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.status, NEW.outcome,
    NEW.acceptance_status, NEW.no_provider_at, NEW.matched_at, NEW.accepted_at, NEW.county_fips, NEW.sdoh_needs,
    NEW.matched_provider_id, NEW.cancellation_reason))
  EXECUTE FUNCTION analytics_on_referral();--> statement-breakpoint
-- BEFORE, not AFTER: the referral's provider entries are deleted by the cascade before any AFTER trigger of the
-- referral runs, and its declines must leave the summary with it.
CREATE TRIGGER analytics_referral_delete BEFORE DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION analytics_on_referral();--> statement-breakpoint
-- A provider's decline (or its undoing) counts under its referral's day, organization and current result. When
-- the referral itself is being deleted it is no longer found, and its BEFORE DELETE trigger already removed it.
CREATE OR REPLACE FUNCTION analytics_count_decline(p_referral_id integer, p_reason text, p_sign integer) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO referral_facet_stats AS s (organization_id, span, day, facet, value, result, referrals)
      SELECT r.organization_id, b.span, b.bucket, 'decline', coalesce(nullif(btrim(p_reason), ''), 'No reason given'),
             analytics_result(r.status, r.outcome, r.no_provider_at), p_sign
        FROM referrals r, analytics_buckets(analytics_day(r.created_at)) AS b WHERE r.id = p_referral_id
      ON CONFLICT (facet, span, organization_id, day, value, result) DO UPDATE
        SET referrals = s.referrals + excluded.referrals;
    -- An undone decline may leave rows counting nothing (as in analytics_count_referral).
    DELETE FROM referral_facet_stats s USING referrals r, analytics_buckets(analytics_day(r.created_at)) AS b
     WHERE p_sign < 0 AND r.id = p_referral_id AND s.facet = 'decline' AND s.span = b.span
       AND s.organization_id = r.organization_id AND s.day = b.bucket
       AND s.value = coalesce(nullif(btrim(p_reason), ''), 'No reason given') AND s.referrals = 0;
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_match_entry() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status = 'declined' THEN
      PERFORM analytics_count_decline(OLD.referral_id, OLD.decline_reason, -1);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.status = 'declined' THEN
      PERFORM analytics_count_decline(NEW.referral_id, NEW.decline_reason, 1);
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER analytics_match_entry_write AFTER INSERT OR DELETE ON referral_provider_matches
  FOR EACH ROW EXECUTE FUNCTION analytics_on_match_entry();--> statement-breakpoint
CREATE TRIGGER analytics_match_entry_update AFTER UPDATE ON referral_provider_matches
  FOR EACH ROW WHEN ((OLD.referral_id, OLD.status, OLD.decline_reason)
    IS DISTINCT FROM (NEW.referral_id, NEW.status, NEW.decline_reason))
  EXECUTE FUNCTION analytics_on_match_entry();--> statement-breakpoint
-- Recounts both summaries from the rows, in one pass each: the backfill of the existing referrals below, and
-- what a bulk load that disabled the triggers runs afterwards (bench/analytics.ts).
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM referral_stats;
    DELETE FROM referral_facet_stats;
    INSERT INTO referral_stats (organization_id, span, day, status, outcome, acceptance_status, result, referrals,
                                responses, response_seconds)
      SELECT organization_id, b.span, b.bucket, status, coalesce(outcome, ''), coalesce(acceptance_status, ''),
             analytics_result(status, outcome, no_provider_at), count(*)::int,
             count(*) FILTER (WHERE accepted_at IS NOT NULL AND matched_at IS NOT NULL)::int,
             coalesce(sum(round(extract(epoch FROM accepted_at - matched_at))), 0)::bigint
        FROM referrals, analytics_buckets(analytics_day(created_at)) AS b GROUP BY 1, 2, 3, 4, 5, 6, 7;
    -- The facets of analytics_facets() and the declines, set-based (keep the two in step).
    INSERT INTO referral_facet_stats (organization_id, span, day, facet, value, result, referrals)
      SELECT r.organization_id, b.span, b.bucket, f.facet, f.value,
             analytics_result(r.status, r.outcome, r.no_provider_at), count(*)::int
        FROM referrals r
        CROSS JOIN LATERAL analytics_buckets(analytics_day(r.created_at)) AS b
        JOIN (
          SELECT id, 'county' AS facet, coalesce(county_fips, '') AS value FROM referrals
          UNION ALL
          SELECT DISTINCT id, 'need', n FROM referrals, unnest(sdoh_needs) AS n
          UNION ALL
          SELECT id, 'provider', matched_provider_id::text FROM referrals WHERE matched_provider_id IS NOT NULL
             AND analytics_result(status, outcome, no_provider_at) NOT IN ('open', 'unmatched')
          UNION ALL
          SELECT id, 'reason', coalesce(nullif(btrim(cancellation_reason), ''), 'No reason given') FROM referrals
           WHERE status = 'cancelled'
          UNION ALL
          SELECT id, 'reason', coalesce(outcome, '') FROM referrals
           WHERE analytics_result(status, outcome, no_provider_at) = 'not_served'
          UNION ALL
          SELECT referral_id, 'decline', coalesce(nullif(btrim(decline_reason), ''), 'No reason given')
            FROM referral_provider_matches WHERE status = 'declined'
        ) AS f ON f.id = r.id
       GROUP BY 1, 2, 3, 4, 5, 6;
  END $$;--> statement-breakpoint
SELECT analytics_rebuild();
