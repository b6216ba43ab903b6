/** Audit-log actions of the fhir interop area (issue #21). */
export const FHIR_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
