import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { users } from './users.ts';

// Issue #21: what the platform needs to speak FHIR and HSDS to other systems.

/**
 * An organization's API client (OAuth2 client credentials, `POST /oauth/token`). The secret is shown once and
 * kept only as its hash. A client acts through its own service account (`users.kind = 'api_client'`, a member of
 * the organization), so every call it makes is authorized and audited like a person's. Owned by api-clients.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public client id given to `POST /oauth/token`. */
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Granted scopes (platform/api-scopes.ts API_SCOPES). */
    scopes: text('scopes').array().notNull(),
    serviceUserId: integer('service_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_clients_client_id_uq').on(t.clientId),
    index('api_clients_org_idx').on(t.organizationId),
  ],
);

/**
 * FHIR Subscriptions (R4 backport, rest-hook) of an organization on its referrals' Task status changes. Owned
 * by fhir-subscriptions. `status` follows the backport: requested → active, error after the retries give up,
 * off when the subscriber turns it off. Headers and the signing secret are sealed (platform/secret-box.ts).
 */
export const fhirSubscriptions = pgTable(
  'fhir_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    /** The SubscriptionTopic canonical URL. */
    topic: text('topic').notNull(),
    /** Filter criteria of the backport (e.g. `Task?status=completed`), or none. */
    filterCriteria: text('filter_criteria'),
    endpoint: text('endpoint').notNull(),
    /** 'empty' | 'id-only' | 'full-resource'. */
    content: text('content').notNull().default('id-only'),
    /** Sealed JSON array of "Name: value" headers the subscriber asked to be sent. */
    headersSealed: text('headers_sealed'),
    /** Sealed secret each notification is signed with (HMAC-SHA256, header X-Trust-Signature). */
    signingSecretSealed: text('signing_secret_sealed').notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** Notifications sent so far: the backport's events-since-subscription-start. */
    eventCount: bigint('event_count', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fhir_subscriptions_org_idx').on(t.organizationId),
    index('fhir_subscriptions_active_idx').on(t.organizationId).where(sql`${t.status} = 'active'`),
  ],
);

/** Each notification of a subscription and how its delivery went (the Interop screen's last deliveries). */
export const fhirSubscriptionDeliveries = pgTable(
  'fhir_subscription_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => fhirSubscriptions.id, { onDelete: 'cascade' }),
    eventNumber: bigint('event_number', { mode: 'number' }).notNull(),
    /** The referral whose Task changed (null for handshake and heartbeat). */
    referralId: integer('referral_id'),
    /** 'handshake' | 'event-notification' | 'heartbeat'. */
    kind: text('kind').notNull(),
    taskStatus: text('task_status'),
    /** 'pending' | 'delivered' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('fhir_subscription_deliveries_sub_idx').on(t.subscriptionId, t.id)],
);
