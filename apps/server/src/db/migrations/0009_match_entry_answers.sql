ALTER TABLE "referral_provider_matches" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_provider_matches" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_provider_matches" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "referral_provider_matches" ADD COLUMN "round" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_provider_matches_expiry_idx" ON "referral_provider_matches" USING btree ("expires_at") WHERE "referral_provider_matches"."status" = 'sent';--> statement-breakpoint
-- A sent entry waits 7 days for its answer (000 §9), counted from when it was sent.
UPDATE "referral_provider_matches" SET "expires_at" = "sent_at" + interval '7 days' WHERE "status" = 'sent' AND "sent_at" IS NOT NULL;
--> statement-breakpoint
-- An accepted or not-selected entry was answered when its referral was accepted.
UPDATE "referral_provider_matches" m SET "answered_at" = r."accepted_at" FROM "referrals" r WHERE r."id" = m."referral_id" AND m."status" IN ('accepted', 'not_selected');
