import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** 003 §3 two-factor methods of a user. No row means nothing enabled. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsEnabled: boolean('sms_enabled').notNull().default(false),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The confirmed authenticator secret (encrypted at rest by the two-factor module). */
  totpSecret: text('totp_secret'),
  /** A secret shown by setup and not yet confirmed by verify-setup. */
  totpPendingSecret: text('totp_pending_secret'),
  preferredMethod: text('preferred_method'), // 'sms' | 'totp'
  /** The last 30-second step whose code was accepted, so a code cannot be replayed within its window. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A password check that passed for a user who must still prove a second factor (003 §4.1). The verify calls
 * carry only the email, so this row is what ties them to a recent correct password. Holds the SMS code of
 * that attempt (hashed; 6 digits, 5 minutes, 3 attempts, 003 §9).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    smsCodeHash: text('sms_code_hash'),
    smsCodeExpiresAt: timestamp('sms_code_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId, t.createdAt)],
);

/** Single-use backup codes, stored hashed; regeneration deletes the previous set. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/** Devices that skip the second factor for 30 days (003 §9), identified by X-Device-Token (stored hashed). */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceName: text('device_name').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsed: timestamp('last_used', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_uq').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

/** Password reset links: valid 1 hour, single use (003 §9), stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_uq').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Attempt limits (sign-in, second-factor codes, backup codes, reset and invitation tokens): one counter per
 * key (e.g. the account, the client address, or the pair), counted and checked in one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so parallel attempts cannot slip past a limit. A counter whose
 * window has passed starts again from one.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attempt_counters_last_idx').on(t.lastAttemptAt)],
);
