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
