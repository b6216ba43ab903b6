/** Audit-log actions written by the platform itself (sessions, event streams). */
export const PLATFORM_AUDIT_ACTIONS = {} as const satisfies Record<string, string>;
