CREATE TABLE "voice_conversation_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voice_conversation_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"value_sealed" text NOT NULL,
	"original_text_sealed" text,
	"confidence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voice_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"session_id" text NOT NULL,
	"language" text NOT NULL,
	"transcript_sealed" text,
	"extracted_data_sealed" text,
	"messages_sealed" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"referral_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_notes" ADD COLUMN "audio_storage_key" text;--> statement-breakpoint
ALTER TABLE "case_notes" ADD COLUMN "audio_content_type" text;--> statement-breakpoint
ALTER TABLE "case_notes" ADD COLUMN "audio_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "case_notes" ADD COLUMN "transcription_engine" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transcription_text" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transcription_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_conversation_fields" ADD CONSTRAINT "voice_conversation_fields_conversation_id_voice_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."voice_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_conversations" ADD CONSTRAINT "voice_conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_conversations" ADD CONSTRAINT "voice_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_conversations" ADD CONSTRAINT "voice_conversations_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_conversation_fields_conversation_idx" ON "voice_conversation_fields" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_conversations_org_session_uq" ON "voice_conversations" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "voice_conversations_org_created_idx" ON "voice_conversations" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voice_conversations_referral_idx" ON "voice_conversations" USING btree ("referral_id") WHERE "voice_conversations"."referral_id" IS NOT NULL;