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
CREATE INDEX "providers_earth_idx" ON "providers" USING gist (ll_to_earth("latitude", "longitude")) WHERE "providers"."latitude" IS NOT NULL AND "providers"."longitude" IS NOT NULL;