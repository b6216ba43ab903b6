CREATE TABLE "communication_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer,
	"organization_id" integer,
	"referral_id" integer,
	"provider_id" integer,
	"user_id" integer,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"from_address" text,
	"to_address" text,
	"counterpart" text,
	"cc_addresses" text[] DEFAULT '{}' NOT NULL,
	"subject" text,
	"body_text" text,
	"body_html" text,
	"phi" boolean DEFAULT false NOT NULL,
	"intent" text,
	"num_segments" smallint,
	"external_id" text,
	"outbound_message_id" integer,
	"communication_method_id" integer,
	"error_message" text,
	"is_acceptance_email" boolean DEFAULT false NOT NULL,
	"tracking_token" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_totals" (
	"organization_id" integer,
	"channel" text NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_totals_uq" UNIQUE NULLS NOT DISTINCT("organization_id","channel")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer,
	"provider_id" integer,
	"referral_id" integer,
	"channel" text NOT NULL,
	"counterpart" text NOT NULL,
	"last_communication_id" integer,
	"last_message_at" timestamp with time zone,
	"last_direction" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"reply_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_thread_uq" UNIQUE NULLS NOT DISTINCT("organization_id","provider_id","referral_id","channel","counterpart")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out" boolean DEFAULT true NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opted_in_at" timestamp with time zone,
	"communication_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer,
	"organization_id" integer,
	"user_id" integer,
	"provider_id" integer,
	"referral_id" integer,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"to_number" text NOT NULL,
	"from_number" text NOT NULL,
	"status" text DEFAULT 'initiating' NOT NULL,
	"call_sid" text,
	"call_type" text DEFAULT 'general' NOT NULL,
	"context_message" text,
	"record" boolean DEFAULT true NOT NULL,
	"driver" text,
	"initiated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"recording_sid" text,
	"recording_remote_url" text,
	"recording_storage_key" text,
	"recording_content_type" text,
	"recording_duration_seconds" integer,
	"has_voicemail" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voicemails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voicemails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer,
	"organization_id" integer,
	"provider_id" integer,
	"referral_id" integer,
	"from_number" text NOT NULL,
	"to_number" text,
	"call_sid" text,
	"recording_sid" text,
	"recording_remote_url" text,
	"recording_storage_key" text,
	"recording_content_type" text,
	"duration_seconds" integer,
	"transcription_text" text,
	"transcription_status" text DEFAULT 'none' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_communication_methods" ADD COLUMN "contact_digits" text GENERATED ALWAYS AS (case when method_type in ('phone', 'fax') then nullif(right(regexp_replace(contact_value, '[^0-9]', '', 'g'), 10), '') end) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (nullif(right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 10), '')) STORED;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD COLUMN "communication_id" integer;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD COLUMN "target_url" text;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communication_attachments" ADD CONSTRAINT "communication_attachments_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_totals" ADD CONSTRAINT "conversation_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_attachments_communication_idx" ON "communication_attachments" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "communications_conversation_idx" ON "communications" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "communications_referral_idx" ON "communications" USING btree ("referral_id","created_at" DESC NULLS LAST) WHERE "communications"."referral_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "communications_org_created_idx" ON "communications" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "communications_org_provider_idx" ON "communications" USING btree ("organization_id","provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "communications_external_idx" ON "communications" USING btree ("external_id") WHERE "communications"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "communications_outbound_uq" ON "communications" USING btree ("outbound_message_id") WHERE "communications"."outbound_message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "communications_tracking_uq" ON "communications" USING btree ("tracking_token") WHERE "communications"."tracking_token" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "communications_counterpart_idx" ON "communications" USING btree ("channel","counterpart","created_at" DESC NULLS LAST) WHERE "communications"."counterpart" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_org_last_idx" ON "conversations" USING btree ("organization_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_org_provider_last_idx" ON "conversations" USING btree ("organization_id","provider_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_referral_idx" ON "conversations" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "conversations_counterpart_idx" ON "conversations" USING btree ("channel","counterpart","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_reply_token_uq" ON "conversations" USING btree ("reply_token") WHERE "conversations"."reply_token" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_unmatched_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST) WHERE "conversations"."organization_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_sid_uq" ON "calls" USING btree ("call_sid") WHERE "calls"."call_sid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_org_initiated_idx" ON "calls" USING btree ("organization_id","initiated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_org_provider_idx" ON "calls" USING btree ("organization_id","provider_id","initiated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_referral_idx" ON "calls" USING btree ("referral_id","initiated_at" DESC NULLS LAST) WHERE "calls"."referral_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "voicemails_org_received_idx" ON "voicemails" USING btree ("organization_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voicemails_org_provider_idx" ON "voicemails" USING btree ("organization_id","provider_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voicemails_referral_idx" ON "voicemails" USING btree ("referral_id","received_at" DESC NULLS LAST) WHERE "voicemails"."referral_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "voicemails_call_sid_uq" ON "voicemails" USING btree ("call_sid") WHERE "voicemails"."call_sid" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "web_form_submissions" ADD CONSTRAINT "web_form_submissions_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_methods_contact_digits_idx" ON "provider_communication_methods" USING btree ("contact_digits") WHERE "provider_communication_methods"."contact_digits" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_messages_provider_message_idx" ON "outbound_messages" USING btree ("provider_message_id") WHERE "outbound_messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "providers_phone_digits_idx" ON "providers" USING btree ("phone_digits") WHERE "providers"."phone_digits" IS NOT NULL;