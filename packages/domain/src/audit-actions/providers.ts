/** Audit-log actions of the providers area: the action string and what it records (shown in the security log). */
export const PROVIDERS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
