import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
