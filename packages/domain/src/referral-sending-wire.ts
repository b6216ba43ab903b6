import { z } from 'zod';
import { idString, timestampSchema } from './common.ts';
import { COMMUNICATION_METHOD_TYPES } from './communication-methods.ts';
import { type Communication, communicationSchema } from './communications-wire.ts';

// Sending a referral to providers on the wire (001 §3 Communication method, Referral communication payload,
// Communication record; §7 "Communication methods"; §2.8 the N-providers dialog).

/** User-visible texts of sending (001 §2.1, §4, §5, §8), kept verbatim. */
export const SENDING_MESSAGES = {
  noMethods: 'No contact methods available',
  sent: 'Communication sent successfully!',
  verified: 'Communication method verified successfully!',
  sendFailed: 'Failed to send communication',
  verifyFailed: 'Failed to verify method',
  preferredFailed: 'Failed to set preferred method',
  fetchFailed: 'Failed to fetch communication methods',
  discoverFailed: 'Failed to discover contacts',
  sendToProvidersFailed: 'Failed to send to providers',
  unknownError: 'Unknown error',
  noMatchedProviders: 'No matched providers to send to',
  messageRequired: 'Please enter a message',
  methodRequired: 'Please select a communication method',
  phoneMissing: 'Provider phone number not available',
  emailMissing: 'Provider email not available',
  methodNotFound: 'Communication method not found',
  providerNotFound: 'Provider not found',
  methodOfOtherProvider: 'This communication method belongs to another provider.',
  methodOptedOut: 'This number has opted out of text messages (it answered STOP).',
  portalUnavailable: 'Provider portal sending is not available yet',
  faxUnavailable: 'Fax sending is not available yet',
  fallbackNotStored:
    'Directory contacts (negative ids) are not stored, so they cannot be verified or preferred.',
  updateRequired: 'Send one of success, verified: true or is_preferred: true.',
  notAmongMatches: 'This provider is not among the referral’s matched providers.',
  entryAnswered: 'This provider has already answered this referral, so it is not sent again.',
  alreadyAccepted: 'This referral has already been accepted by a provider.',
} as const;

/** 001 §5: 'Please select a communication method for all N providers before sending.' */
export function selectMethodForAllMessage(n: number): string {
  return `Please select a communication method for all ${n} providers before sending.`;
}

/** 001 §4: 'Referral sent to N providers via their preferred communication methods'. */
export function sentToProvidersMessage(n: number): string {
  return `Referral sent to ${n} providers via their preferred communication methods`;
}

/** 001 §2.8 footer. */
export function providersReadyMessage(ready: number, total: number): string {
  return `${ready} of ${total} providers ready`;
}

export const communicationMethodTypeSchema = z.enum(COMMUNICATION_METHOD_TYPES);

/** 001 §3 Communication method (negative id: a directory fallback, not stored). */
export const communicationMethodSchema = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  method_type: communicationMethodTypeSchema,
  contact_value: z.string(),
  notes: z.string().nullable(),
  verified: z.boolean(),
  is_preferred: z.boolean(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  success_rate: z.number(),
  priority: z.number(),
  discovery_method: z.string(),
  discovered_at: timestampSchema.nullable(),
  accepts_referrals: z.boolean(),
  /**
   * A phone number that answered STOP: no SMS goes to it until it texts START (issue #6). Always sent by the
   * server; optional only so that directory fallbacks built in the browser need not say it.
   */
  opted_out: z.boolean().optional(),
  created_at: timestampSchema.nullable(),
  updated_at: timestampSchema.nullable(),
});
export type CommunicationMethod = z.infer<typeof communicationMethodSchema>;

export const communicationMethodListQuerySchema = z.object({
  provider_id: idString(),
});
export const communicationMethodListSchema = z.object({ methods: z.array(communicationMethodSchema) });
export type CommunicationMethodList = z.infer<typeof communicationMethodListSchema>;

export const discoverResponseSchema = z.object({
  success: z.boolean(),
  /** Methods created by this discovery (already stored ones are not counted again). */
  discovered: z.number().int(),
  methods: z.array(communicationMethodSchema),
  error: z.string().nullable(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

/** 001 §7 PUT body: {success} after a send, {verified: true}, or {is_preferred: true}. */
export const communicationMethodUpdateSchema = z
  .object({
    success: z.boolean().optional(),
    verified: z.literal(true).optional(),
    is_preferred: z.literal(true).optional(),
  })
  .strict();
export type CommunicationMethodUpdate = z.infer<typeof communicationMethodUpdateSchema>;

const contactSchema = z.string().trim().max(500);

/** 001 §3 Referral communication payload (send). */
export const referralCommunicationCreateSchema = z
  .object({
    referral_id: z.number().int().positive(),
    provider_id: z.number().int().positive(),
    provider_name: z.string().max(500).optional().nullable(),
    communication_method_id: z.number().int().optional().nullable(),
    method_type: communicationMethodTypeSchema,
    contact_value: contactSchema.optional().nullable(),
    message_content: z.string().max(10_000).optional().nullable(),
    /** Email only. */
    subject: z.string().max(300).optional().nullable(),
    template_id: z.string().max(100).optional().nullable(),
    use_html: z.boolean().optional().nullable(),
    /** The spec's client sends 'sent'; the server decides the real state. */
    status: z.string().optional(),
  })
  .strict();
export type ReferralCommunicationCreate = z.infer<typeof referralCommunicationCreateSchema>;

export const SEND_STATUSES = ['queued', 'sent', 'failed'] as const;

export const sendResultSchema = z.object({
  success: z.boolean(),
  status: z.enum(SEND_STATUSES),
  method_type: z.string(),
  contact_value: z.string(),
  message_id: z.number().int().nullable(),
  message: z.string(),
  error: z.string().nullable(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/** 001 §3 Communication record: one shape for every listing (communications-wire.ts). */
export const communicationRecordSchema = communicationSchema;
export type CommunicationRecord = Communication;

export const referralCommunicationListQuerySchema = z.object({
  referral_id: idString(),
  provider_id: idString().optional(),
});
export const communicationListSchema = z.object({ communications: z.array(communicationRecordSchema) });
export type CommunicationList = z.infer<typeof communicationListSchema>;

/** 001 §2.8: one chosen method per provider; a provider without one blocks the whole send (001 §5). */
export const sendToProvidersItemSchema = z.object({
  provider_id: z.number().int().positive(),
  communication_method_id: z.number().int().optional().nullable(),
  method_type: communicationMethodTypeSchema.optional().nullable(),
  contact_value: contactSchema.optional().nullable(),
});
export const sendToProvidersSchema = z
  .object({
    providers: z.array(sendToProvidersItemSchema).max(50),
    message_content: z.string().max(10_000).optional().nullable(),
  })
  .strict();
export type SendToProvidersRequest = z.infer<typeof sendToProvidersSchema>;

export const sendToProvidersResultItemSchema = z.object({
  provider_id: z.number().int(),
  status: z.enum(SEND_STATUSES),
  method_type: z.string(),
  contact_value: z.string(),
  message_id: z.number().int().nullable(),
  error: z.string().nullable(),
});
export const sendToProvidersResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  sent: z.number().int(),
  results: z.array(sendToProvidersResultItemSchema),
});
export type SendToProvidersResponse = z.infer<typeof sendToProvidersResponseSchema>;
