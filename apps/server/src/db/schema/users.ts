import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiClients } from './interop.ts';

/** 003 §3 User, with the product role. Emails are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * 'person', or 'api_client' for the service account an API client acts through (issue #21): it never signs
     * in with a password and is left out of the people lists.
     */
    kind: text('kind').notNull().default('person'),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)],
);

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

/**
 * Sign-in attempts. A success makes its address "known" to the account for 30 days, so failures elsewhere never
 * slow it (modules/access/auth/sign-in-limits.ts); `ip` is the address as the limits count it (an IPv6 address by its
 * /64). Failures are kept a day, successes 30 days. The limits themselves count in `attempt_counters`.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);
