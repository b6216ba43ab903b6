/** Audit-log actions of the administration area: the action string and what it records (shown in the security log). */
export const ADMINISTRATION_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
