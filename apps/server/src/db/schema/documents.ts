import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/**
 * 000 §3.7, 001 §3 Document: a file attached to a referral. The bytes live in the storage adapter (encrypted
 * at rest), under `storage_key`; this row is written only once the stored file is complete.
 */
export const referralDocuments = pgTable(
  'referral_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    /** The organization the uploader acted for. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** SHA-256 of the plain bytes, hex: downloads are checked against it. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_documents_referral_idx').on(t.referralId, t.uploadedAt, t.id),
    uniqueIndex('referral_documents_storage_key_uq').on(t.storageKey),
  ],
);
