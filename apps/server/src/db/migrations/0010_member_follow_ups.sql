CREATE TABLE "member_follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"provider_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"phone_digits" text,
	"language" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follow_ups" ADD CONSTRAINT "member_follow_ups_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_follow_ups_referral_idx" ON "member_follow_ups" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "member_follow_ups_due_idx" ON "member_follow_ups" USING btree ("due_at") WHERE "member_follow_ups"."sent_at" IS NULL AND "member_follow_ups"."skipped_reason" IS NULL;--> statement-breakpoint
CREATE INDEX "member_follow_ups_phone_idx" ON "member_follow_ups" USING btree ("phone_digits","sent_at") WHERE "member_follow_ups"."sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_follow_ups_provider_idx" ON "member_follow_ups" USING btree ("provider_id") WHERE "member_follow_ups"."answer" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_follow_ups_org_answered_idx" ON "member_follow_ups" USING btree ("organization_id","referral_id","provider_id","answer") WHERE "member_follow_ups"."answer" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "referrals_org_auto_matched_idx" ON "referrals" USING btree ("organization_id","auto_matched_at") WHERE "referrals"."auto_matched_at" IS NOT NULL;