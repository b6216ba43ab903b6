import type { ErrorCode } from '../errors.ts';

/**
 * Reasons every area shares (request shape, sessions, roles) and the generic fallbacks. Services throw
 * `new AppError('<reason>', message)`; the HTTP status follows from the reason's code (errors.ts ERROR_CODES).
 * Prefer a specific reason of the area over these.
 */
export const PLATFORM_ERROR_REASONS = {
  'request.invalid': 'bad_request',
  'request.validation_failed': 'validation_failed',
  'request.invalid_json': 'invalid_json',
  'request.too_large': 'payload_too_large',
  'request.unsupported_media_type': 'unsupported_media_type',
  'request.cross_site': 'cross_site',
  'request.rate_limited': 'rate_limited',
  /** X-CBO-ID that is not an organization id. */
  'request.org_header_invalid': 'bad_request',
  'request.url_invalid': 'bad_request',
  'request.url_too_long': 'bad_request',
  'session.missing': 'unauthorized',
  'session.expired': 'session_expired',
  'session.consent_required': 'consent_required',
  'role.not_allowed': 'forbidden',
  'organization.not_member': 'forbidden',
  'organization.required': 'forbidden',
  'platform.operator_only': 'forbidden',
  'route.not_found': 'not_found',
  'server.internal': 'internal',
  'server.unavailable': 'unavailable',
} as const satisfies Record<string, ErrorCode>;
