/** Audit-log actions of the api-clients interop area (issue #21). */
export const API_CLIENTS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
