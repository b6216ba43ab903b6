-- Hand-written: the trigram extension for the queue search (000 §5.5) and an immutable array_to_string for the
-- generated search column (array_to_string itself is only STABLE; on text[] it is in fact immutable).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tm_array_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;--> statement-breakpoint
CREATE TABLE "case_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"author_name" text,
	"content" text NOT NULL,
	"content_html" text,
	"is_voice_note" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"uploaded_by" integer,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otf_rtf_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otf_rtf_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"zip_code" text NOT NULL,
	"referral_type" text NOT NULL,
	"sdoh_need" text NOT NULL,
	"preferred_language" text NOT NULL,
	"timeline" text NOT NULL,
	"escalation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer,
	"organization_id" integer NOT NULL,
	"actor_user_id" integer,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_feed_passes" (
	"user_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_feed_passes_user_id_referral_id_pk" PRIMARY KEY("user_id","referral_id")
);
--> statement-breakpoint
CREATE TABLE "web_form_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_form_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"provider_id" integer,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"page_url" text,
	"page_title" text,
	"fields_filled" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"screenshot_before" text,
	"screenshot_after" text,
	"form_submitted" boolean DEFAULT false NOT NULL,
	"submission_success" boolean DEFAULT false NOT NULL,
	"message" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "referrals_org_created_idx";--> statement-breakpoint
DROP INDEX "referrals_org_status_idx";--> statement-breakpoint
DROP INDEX "referrals_matched_provider_idx";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "referral_id" integer;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "phi" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "phi_email_message_id" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || medicaid_id || ' ' || coalesce(zip_code, '') || ' ' || coalesce(phone_number, '') || ' ' || regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') || ' ' || coalesce(email, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || primary_diagnosis || ' ' || tm_array_text(sdoh_needs) || ' ' || tm_array_text(housing_subcategories) || ' ' || tm_array_text(transportation_subcategories) || ' ' || coalesce(provider_name, '') || ' ' || coalesce(organization, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_documents" ADD CONSTRAINT "referral_documents_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_documents" ADD CONSTRAINT "referral_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_documents" ADD CONSTRAINT "referral_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otf_rtf_submissions" ADD CONSTRAINT "otf_rtf_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otf_rtf_submissions" ADD CONSTRAINT "otf_rtf_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_feed_passes" ADD CONSTRAINT "referral_feed_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_feed_passes" ADD CONSTRAINT "referral_feed_passes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD CONSTRAINT "web_form_submissions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD CONSTRAINT "web_form_submissions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD CONSTRAINT "web_form_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD CONSTRAINT "web_form_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notes_referral_idx" ON "case_notes" USING btree ("referral_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referral_documents_referral_idx" ON "referral_documents" USING btree ("referral_id","uploaded_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_documents_storage_key_uq" ON "referral_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "otf_rtf_org_created_idx" ON "otf_rtf_submissions" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referral_events_referral_at_idx" ON "referral_events" USING btree ("referral_id","at","id");--> statement-breakpoint
CREATE INDEX "web_form_submissions_referral_idx" ON "web_form_submissions" USING btree ("referral_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_referral_idx" ON "outbound_messages" USING btree ("referral_id","created_at") WHERE "outbound_messages"."referral_id" is not null;--> statement-breakpoint
CREATE INDEX "referrals_search_trgm_idx" ON "referrals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_org_member_idx" ON "referrals" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE INDEX "referrals_org_medicaid_idx" ON "referrals" USING btree ("organization_id","medicaid_id");--> statement-breakpoint
CREATE INDEX "referrals_open_feed_idx" ON "referrals" USING btree ("created_at","id") WHERE "referrals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referrals_awaiting_response_idx" ON "referrals" USING btree ("expires_at") WHERE "referrals"."acceptance_status" = 'pending';--> statement-breakpoint
CREATE INDEX "referrals_org_created_idx" ON "referrals" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_org_status_idx" ON "referrals" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_matched_provider_idx" ON "referrals" USING btree ("matched_provider_id","created_at","id");