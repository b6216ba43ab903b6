import { z } from 'zod';

/**
 * The error envelope of every non-2xx answer (DESIGN.md "Errors"): `detail`, `message` and `error` carry the
 * same human text because the spec's client reads each of them in different places.
 */
export const errorEnvelopeSchema = z
  .object({
    code: z.string(),
    /** Which refusal it is, from ERROR_REASONS (error-reasons/), when the server knows it. */
    reason: z.string().optional(),
    detail: z.string(),
    message: z.string(),
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** The resource as it stands now, when a change was refused because it moved on (a form saved by another). */
    current: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const ERROR_CODES = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  /** A session whose current consent documents are unsigned (003 §4.2); only the consent routes answer. */
  consent_required: 403,
  /** A cookie-authenticated change request from another site (CSRF guard, platform/auth.ts). */
  cross_site: 403,
  not_found: 404,
  conflict: 409,
  /** A conditional change whose If-Match names a version that is no longer current (issue #21: FHIR Task). */
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rule_broken: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
