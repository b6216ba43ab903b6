import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the providers area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const PROVIDERS_ERROR_REASONS = {} as const satisfies Record<string, ErrorCode>;
