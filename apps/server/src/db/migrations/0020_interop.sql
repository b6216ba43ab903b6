CREATE TABLE "api_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"service_user_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fhir_subscription_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fhir_subscription_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"event_number" bigint NOT NULL,
	"referral_id" integer,
	"kind" text NOT NULL,
	"task_status" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fhir_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fhir_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"topic" text NOT NULL,
	"filter_criteria" text,
	"endpoint" text NOT NULL,
	"content" text DEFAULT 'id-only' NOT NULL,
	"headers_sealed" text,
	"signing_secret_sealed" text NOT NULL,
	"end_at" timestamp with time zone,
	"event_count" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "api_client_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scopes" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_service_user_id_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscription_deliveries" ADD CONSTRAINT "fhir_subscription_deliveries_subscription_id_fhir_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."fhir_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_uq" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_clients_org_idx" ON "api_clients" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "fhir_subscription_deliveries_sub_idx" ON "fhir_subscription_deliveries" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_org_idx" ON "fhir_subscriptions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_active_idx" ON "fhir_subscriptions" USING btree ("organization_id") WHERE "fhir_subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "providers_external_id_uq" ON "providers" USING btree ("data_source","external_id") WHERE "providers"."external_id" IS NOT NULL;