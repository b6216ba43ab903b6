import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { consentStatusSchema } from './consent.ts';
import { ORG_ROLES } from './roles.ts';
import { TWO_FACTOR_METHODS } from './two-factor.ts';

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

/** The session part of every successful sign-in (password only, or after a second factor). */
const signedInShape = {
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
  /** 003 §4.1: the consent dialog shows before the login completes when `requires_consent`. */
  consent_status: consentStatusSchema.nullable(),
  /** When the session started; the client stores it as the session start (003 §4.4). */
  session_started_at: timestampSchema,
  /** The absolute end of the session (12 hours after sign-in). */
  expires_at: timestampSchema,
  /** Seconds of inactivity after which the server ends the session. */
  idle_timeout_s: z.number().int(),
};

/** 003 §3 Login response of a sign-in that needs no second factor: a session. */
export const signedInResponseSchema = z
  .object({ ...signedInShape, requires_2fa: z.literal(false) })
  .meta({ id: 'SignedIn' });
/** A session granted by sign-in; what the client stores (`completeSignIn`). */
export type LoginResponse = z.infer<typeof signedInResponseSchema>;

/**
 * 003 §3 Login response when a second factor is required (003 §4.1 step 2): no session yet; the verify calls
 * carry only the email, tied to this correct password by a server-side challenge.
 */
export const loginChallengeSchema = z
  .object({
    requires_2fa: z.literal(true),
    email: z.string(),
    /** "(•••) •••-1234"; null when SMS is not among the methods. */
    phone_number_masked: z.string().nullable(),
    available_methods: z.array(z.enum(TWO_FACTOR_METHODS)),
  })
  .meta({ id: 'LoginChallenge' });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** POST /auth/login answers one of the two shapes, told apart by `requires_2fa`. */
export const loginResponseSchema = z
  .discriminatedUnion('requires_2fa', [signedInResponseSchema, loginChallengeSchema])
  .meta({ id: 'LoginResponse' });
export type LoginAnswer = z.infer<typeof loginResponseSchema>;

/**
 * 003 §7.1 answer of the verify-login calls: a session, plus the trusted-device token (shown once; the client
 * stores it as `device_token` and sends it as X-Device-Token) when the device was remembered.
 */
export const twoFactorLoginResponseSchema = signedInResponseSchema
  .extend({ device_token: z.string().nullable(), device_name: z.string().nullable() })
  .meta({ id: 'TwoFactorLogin' });
export type TwoFactorLoginResponse = z.infer<typeof twoFactorLoginResponseSchema>;

/** The header that carries the trusted-device token on POST /auth/login (003 §7.1). */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** GET /auth/me: the current user, with the organization the request acts for. */
export const meResponseSchema = userSchema
  .extend({
    active_cbo_id: z.number().int().nullable(),
    org_role: z.enum(ORG_ROLES).nullable(),
    /**
     * A platform operator (a super_admin membership) runs what belongs to the whole platform: the outbox,
     * consent documents, organizations. The product roles admin/administrator are not (issue #12). The web
     * shows those entries only to them; the server decides anyway.
     */
    is_platform_operator: z.boolean(),
    /**
     * 003 §4.2: the session is held until the current consent documents are signed (every other call answers
     * 403 consent_required); the app shows the consent dialog. Set at sign-in, and at once on every session of
     * a user who revokes a signature (issue #12).
     */
    consent_required: z.boolean(),
    session_started_at: timestampSchema,
    expires_at: timestampSchema,
    idle_timeout_s: z.number().int(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meResponseSchema>;
