import type { ErrorCode } from '../errors.ts';

/** Refusals of the fhir interop area (issue #21). */
export const FHIR_ERROR_REASONS = {} as const satisfies Record<string, ErrorCode>;
