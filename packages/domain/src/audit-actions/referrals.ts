/** Audit-log actions of the referrals area: the action string and what it records (shown in the security log). */
export const REFERRALS_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
