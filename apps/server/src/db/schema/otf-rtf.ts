import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { users } from './users.ts';

/** 000 §2.9, §3.7: an OTF/RTF submission of an organization. */
export const otfRtfSubmissions = pgTable(
  'otf_rtf_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    zipCode: text('zip_code').notNull(),
    referralType: text('referral_type').notNull(),
    sdohNeed: text('sdoh_need').notNull(),
    preferredLanguage: text('preferred_language').notNull(),
    timeline: text('timeline').notNull(),
    escalation: text('escalation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otf_rtf_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);
