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
