import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiClients } from './interop.ts';
import { users } from './users.ts';

// Sessions live in a file of their own because a session may belong to an API client (issue #21): interop.ts
// imports users.ts, so sessions beside users would make the schema files import each other.

/**
 * Sessions: opaque bearer tokens, stored only as their SHA-256 hash. A session ends after 60 minutes without
 * activity (last_seen_at) or at expires_at (12 hours after sign-in), whichever comes first (003 §4.4).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrgId: integer('active_org_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Set at sign-in when a current consent document is unsigned (003 §4.2): such a session may only read
     * and sign consents, read itself and sign out, until the consent module clears it.
     */
    consentRequired: boolean('consent_required').notNull().default(false),
    /** Set on a session issued to an API client by `POST /oauth/token`: its scopes apply (platform/auth.ts). */
    apiClientId: integer('api_client_id').references(() => apiClients.id, { onDelete: 'cascade' }),
    /** The scopes of an API client's token: its grant, or the narrower set the token request asked for. */
    scopes: text('scopes').array(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
