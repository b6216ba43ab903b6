-- Provider Performance (001 §2.19): Google reviews cached with the rating (24 h, 001 §9), and an index for the
-- dashboard's scan of one organization's matched referrals by match time.
ALTER TABLE "providers" ADD COLUMN "google_reviews" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "referrals_org_matched_provider_idx" ON "referrals" USING btree ("organization_id","matched_provider_id","matched_at") WHERE "referrals"."matched_provider_id" IS NOT NULL;
