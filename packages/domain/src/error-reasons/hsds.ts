import type { ErrorCode } from '../errors.ts';

/** Refusals of the hsds interop area (issue #21). */
export const HSDS_ERROR_REASONS = {} as const satisfies Record<string, ErrorCode>;
