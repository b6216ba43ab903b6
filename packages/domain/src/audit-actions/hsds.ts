/** Audit-log actions of the hsds interop area (issue #21). */
export const HSDS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
