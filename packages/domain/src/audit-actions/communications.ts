/** Audit-log actions of the communications area: the action string and what it records (shown in the security log). */
export const COMMUNICATIONS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
