-- Issue #14: a referral keeps the urgency the coordinator chose (Immediate, Within 24h, Within 1 Week, Routine)
-- instead of the spec's server value, which folded Within 1 Week into Urgent. Existing rows get the 000 §3.2
-- reverse mapping (Emergency→Immediate, Urgent→Within 24h, anything else→Routine); a row that already held a
-- client level (any case) keeps it. urgency_level is derived from urgency on the wire from now on.
ALTER TABLE "referrals" ADD COLUMN "urgency" text DEFAULT 'Routine' NOT NULL;--> statement-breakpoint
UPDATE "referrals" SET "urgency" = CASE lower(btrim("urgency_level"))
  WHEN 'emergency' THEN 'Immediate'
  WHEN 'immediate' THEN 'Immediate'
  WHEN 'urgent' THEN 'Within 24h'
  WHEN 'within 24h' THEN 'Within 24h'
  WHEN 'within 1 week' THEN 'Within 1 Week'
  ELSE 'Routine'
END;--> statement-breakpoint
ALTER TABLE "referrals" DROP COLUMN "urgency_level";
