ALTER TABLE "referrals" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
-- Issue #14: rows written under the free status model, brought into the lifecycle. Authorized now follows the
-- provider's acceptance: one still awaiting the answer is Matched.
UPDATE "referrals" SET "status" = 'matched' WHERE "status" = 'authorized' AND "acceptance_status" = 'pending';--> statement-breakpoint
-- An expired match used to put the referral back to Pending with its provider kept: Back to Pending now releases
-- the provider (it no longer reads the referral); the timeline keeps who let it expire.
UPDATE "referrals" SET "matched_provider_id" = NULL, "matched_at" = NULL, "match_method" = NULL,
  "acceptance_status" = NULL, "expires_at" = NULL
WHERE "status" = 'pending' AND "acceptance_status" = 'expired';
