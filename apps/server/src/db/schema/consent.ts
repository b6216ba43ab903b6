import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * 003 §3 consent documents (terms_of_use, hipaa_authorization), one row per published version. The newest
 * published version of each type is the current one; publishing a new version makes every user re-sign.
 */
export const consentDocuments = pgTable(
  'consent_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentType: text('document_type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('consent_documents_type_version_uq').on(t.documentType, t.version),
    index('consent_documents_type_published_idx').on(t.documentType, t.publishedAt),
  ],
);

/** Signatures: never overwritten; revoking sets revoked_at. */
export const consentSignatures = pgTable(
  'consent_signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => consentDocuments.id),
    documentType: text('document_type').notNull(),
    documentVersion: text('document_version').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    signatureText: text('signature_text').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('consent_signatures_user_idx').on(t.userId, t.documentType, t.signedAt),
    index('consent_signatures_active_idx').on(t.documentId).where(sql`${t.revokedAt} is null`),
  ],
);
