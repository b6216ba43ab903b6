/** Audit-log actions of the access area: the action string and what it records (shown in the security log). */
export const ACCESS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
