import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { ORG_ROLES } from './roles.ts';

/** 003 §3 User. `role` is the product role; an unknown value is shown raw, so the wire type is a string. */
export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    role: z.string(),
    email_verified: z.boolean(),
    is_active: z.boolean(),
    created_at: timestampSchema,
    last_login: timestampSchema.nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** 003 §5 Login: email and password required. Unknown fields are refused. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * 003 §3 Login response. The two-factor (`requires_2fa`, `phone_number_masked`, `available_methods`) and
 * consent (`consent_status`) branches arrive with the account-security work; until then the server answers
 * `requires_2fa: false` and `consent_status: null`.
 */
export const loginResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    user: userSchema,
    consent_status: z.record(z.string(), z.unknown()).nullable(),
    requires_2fa: z.boolean(),
    email: z.string().optional(),
    phone_number_masked: z.string().optional(),
    available_methods: z.array(z.string()).optional(),
    /** When the session started; the client stores it as the session start (003 §4.4). */
    session_started_at: timestampSchema,
    /** The absolute end of the session (12 hours after sign-in). */
    expires_at: timestampSchema,
    /** Seconds of inactivity after which the server ends the session. */
    idle_timeout_s: z.number().int(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/me: the current user, with the organization the request acts for. */
export const meResponseSchema = userSchema
  .extend({
    active_cbo_id: z.number().int().nullable(),
    org_role: z.enum(ORG_ROLES).nullable(),
    session_started_at: timestampSchema,
    expires_at: timestampSchema,
    idle_timeout_s: z.number().int(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meResponseSchema>;
