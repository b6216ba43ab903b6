import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { communications } from './communications.ts';
import { organizations } from './orgs.ts';
import { providers } from './providers.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/**
 * 001 §3 Web form submission record: one automated fill of a provider's web form for a referral, with the
 * screenshots before and after (base64 PNG). Listed by GET /api/referrals/{id}/screenshots (000 §7); the
 * communications issue fills it from the headless-browser job.
 */
export const webFormSubmissions = pgTable(
  'web_form_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its 001 §3 Communication record (channel 'web_form'), listed with every other channel. */
    communicationId: integer('communication_id').references(() => communications.id, {
      onDelete: 'set null',
    }),
    /** queued → running → submitted | filled | failed (the job's progress; 001 §3's flags say what happened). */
    status: text('status').notNull().default('queued'),
    /** The form page that was opened (the provider's web_form_url, else its website). */
    targetUrl: text('target_url'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    fieldsFilled: jsonb('fields_filled').$type<Record<string, boolean>>().notNull().default({}),
    screenshotBefore: text('screenshot_before'),
    screenshotAfter: text('screenshot_after'),
    formSubmitted: boolean('form_submitted').notNull().default(false),
    submissionSuccess: boolean('submission_success').notNull().default(false),
    message: text('message'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_form_submissions_referral_idx').on(t.referralId, t.createdAt)],
);
