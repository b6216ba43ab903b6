import { z } from 'zod';
import { timestampSchema } from './common.ts';

/** 003 §3 consent document types. */
export const CONSENT_DOCUMENT_TYPES = ['terms_of_use', 'hipaa_authorization'] as const;
export type ConsentDocumentType = (typeof CONSENT_DOCUMENT_TYPES)[number];

/** 003 §3 Consent status, in the login response and the consent endpoints. */
export const consentStatusSchema = z
  .object({
    requires_consent: z.boolean(),
    terms_needs_update: z.boolean(),
    hipaa_needs_update: z.boolean(),
    all_consents_current: z.boolean(),
    terms_current_version: z.string().nullable(),
    terms_signed_version: z.string().nullable(),
    terms_signed_at: timestampSchema.nullable(),
    hipaa_current_version: z.string().nullable(),
    hipaa_signed_version: z.string().nullable(),
    hipaa_signed_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ConsentStatus' });
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** 003 §3 Consent document: one published version of a document type. */
export const consentDocumentSchema = z
  .object({
    id: z.number().int(),
    document_type: z.enum(CONSENT_DOCUMENT_TYPES),
    title: z.string(),
    version: z.string(),
    summary: z.string().nullable(),
    content: z.string(),
  })
  .meta({ id: 'ConsentDocument' });
export type ConsentDocument = z.infer<typeof consentDocumentSchema>;

export const consentDocumentListSchema = z.array(consentDocumentSchema);

/** A version as platform operators see it: when it was published and whether it is the current one. */
export const consentDocumentVersionSchema = consentDocumentSchema
  .extend({
    published_at: timestampSchema,
    published_by: z.number().int().nullable(),
    is_current: z.boolean(),
    signature_count: z.number().int(),
  })
  .meta({ id: 'ConsentDocumentVersion' });
export type ConsentDocumentVersion = z.infer<typeof consentDocumentVersionSchema>;

export const consentDocumentVersionListSchema = z.array(consentDocumentVersionSchema);

/** POST /api/consent/documents: publish a new version (platform operators). */
export const publishConsentDocumentRequestSchema = z.strictObject({
  document_type: z.enum(CONSENT_DOCUMENT_TYPES),
  version: z
    .string()
    .trim()
    .min(1, 'Version is required')
    .max(32, 'Version is at most 32 characters')
    .regex(/^[\w.-]+$/, 'Version may contain letters, digits, dots, dashes and underscores'),
  title: z.string().trim().min(1, 'Title is required').max(200),
  summary: z.string().trim().max(2000).nullish(),
  content: z.string().trim().min(1, 'Content is required').max(200_000),
});
export type PublishConsentDocumentRequest = z.infer<typeof publishConsentDocumentRequestSchema>;

/** POST /api/consent/sign (003 §7.2): the typed full name is the signature. */
export const signConsentRequestSchema = z.strictObject({
  document_id: z.number().int().positive(),
  signature_text: z.string().trim().min(1, 'Signature is required').max(200, 'Signature is too long'),
});
export type SignConsentRequest = z.infer<typeof signConsentRequestSchema>;

/** 003 §3 Signature record. */
export const signatureRecordSchema = z
  .object({
    id: z.number().int(),
    document_type: z.enum(CONSENT_DOCUMENT_TYPES),
    document_version: z.string(),
    signed_at: timestampSchema,
    signature_text: z.string(),
    revoked: z.boolean(),
  })
  .meta({ id: 'SignatureRecord' });
export type SignatureRecord = z.infer<typeof signatureRecordSchema>;

export const signConsentResponseSchema = z.object({
  signature: signatureRecordSchema,
  consent_status: consentStatusSchema,
});
export type SignConsentResponse = z.infer<typeof signConsentResponseSchema>;

/** GET /api/consent/history (003 §7.2). */
export const consentHistorySchema = z
  .object({ status: consentStatusSchema, signatures: z.array(signatureRecordSchema) })
  .meta({ id: 'ConsentHistory' });
export type ConsentHistory = z.infer<typeof consentHistorySchema>;

export const CONSENT_DOCUMENT_LABELS: Record<ConsentDocumentType, string> = {
  terms_of_use: 'Terms of Use',
  hipaa_authorization: 'HIPAA Authorization',
};

/** 003 §2.8, §5, §8: consent texts, verbatim. */
export const CONSENT_MESSAGES = {
  title: 'Consent Update Required',
  termsInvalid: 'Please accept the terms and provide your signature',
  hipaaInvalid: 'Please accept the HIPAA authorization and provide your signature',
  loadFailed: 'Failed to load consent documents',
  signTermsFailed: 'Failed to sign Terms of Use',
  signHipaaFailed: 'Failed to sign HIPAA Authorization',
  submitFailed: 'Failed to submit consent signatures',
  success: 'Consent Updated Successfully',
  historyFailed: 'Failed to load consent history',
  /** The server's answer when a session with unsigned documents calls anything else. */
  required: 'Please review and sign the updated consent documents before continuing.',
  documentNotCurrent:
    'This consent document is not the current version. Please reload and sign the current one.',
  signatureNotFound: 'Signature not found.',
  alreadyRevoked: 'This signature has already been revoked.',
  versionExists: 'This version has already been published for this document. Choose a new version number.',
  publishForbidden: 'Only platform operators can publish consent documents.',
} as const;

/** 003 §9: the success view closes after 2000 ms. */
export const CONSENT_SUCCESS_CLOSE_MS = 2000;
