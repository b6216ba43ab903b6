import type { ErrorCode } from '../errors.ts';

/** Refusals of the hsds interop area (issue #21): the /hsds API answers them in its own error shape. */
export const HSDS_ERROR_REASONS = {
  /** A query parameter HSDS defines, with a value out of range or malformed (page, per_page, proximity…). */
  'hsds.invalid_parameter': 'validation_failed',
  /** No published object with that id (unknown, private or deactivated listings alike). */
  'hsds.not_found': 'not_found',
} as const satisfies Record<string, ErrorCode>;
