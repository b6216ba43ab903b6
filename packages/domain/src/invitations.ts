import { z } from 'zod';
import { userSchema } from './auth.ts';
import { idNumber, idString, timestampSchema } from './common.ts';
import { isEmailAddress, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './password.ts';
import { isDialable } from './phone.ts';
import { ORG_ROLES, PRODUCT_ROLES, type ProductRole } from './roles.ts';

// 002 §3–§5, §7 "Invitations and account"; 003 §5 registration rules.

/** How long an invitation link works (the spec names no lifetime; a week is the usual one). */
export const INVITATION_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  invalidRole: 'Please choose one of the organization roles',
  superAdminOnly: 'Only a Super Administrator can invite a Super Administrator.',
  adminsOnly: 'Only organization administrators can manage invitations.',
  alreadyMember: 'This email address already belongs to a member of this organization.',
  alreadyPending: 'An invitation is already pending for this email address.',
  onlyPendingCancel: 'Only a pending invitation can be cancelled.',
  notFound: 'Invitation not found',
  orgNotFound: 'Organization not found',
  sendFailed: 'Failed to send invitation',
  cancelFailed: 'Failed to cancel invitation',
  tokenMissing: 'Invalid invitation token',
  tokenInvalid: 'Invalid or missing invitation token',
  tokenExpired: 'This invitation has expired. Ask your organization administrator to send a new one.',
  tokenAccepted: 'This invitation has already been used. Sign in with your account.',
  tokenCancelled: 'This invitation has been cancelled. Ask your organization administrator for a new one.',
  termsRequired: 'You must accept the Terms of Service to continue',
  hipaaRequired: 'You must accept the HIPAA Agreement to continue',
  phoneRequired: 'Phone number is required for two-factor authentication',
  registrationFailed: 'Registration failed. Please try again.',
  registrationByInvite:
    'Registration failed: registration is by invitation only. Ask your organization administrator for an invitation.',
  accountExistsWrongPassword:
    'An account with this email address already exists. Enter the password of that account to join this organization.',
  alreadyJoined: 'You are already a member of this organization. Sign in with your account.',
  accountCreated: 'Account Created Successfully!',
  invalidInvitationTitle: 'Invalid Invitation',
} as const;

export const inviteRequestSchema = z.strictObject({
  email: z.string().max(320).optional(),
  name: z.string().max(200).optional(),
  role: z.string().max(40).optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const invitationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    invited_by_name: z.string().nullable(),
    status: z.enum(INVITATION_STATUSES),
    expires_at: timestampSchema,
    created_at: timestampSchema,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteResponseSchema = z.object({ message: z.string(), invitation: invitationSchema });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const invitationListQuerySchema = z.strictObject({
  status: z.enum(INVITATION_STATUSES).optional(),
});
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationParamsSchema = z.object({
  id: idString(),
  invitationId: idString(),
});

export const verifyInvitationQuerySchema = z.strictObject({ token: z.string().max(512).optional() });
export const verifyInvitationResponseSchema = z.object({
  valid: z.literal(true),
  email: z.string(),
  name: z.string(),
  organization_name: z.string(),
  role: z.string(),
  expires_at: timestampSchema,
  /** An account with this email exists: registering adds the membership after checking its password. */
  existing_account: z.boolean(),
});
export type VerifyInvitationResponse = z.infer<typeof verifyInvitationResponseSchema>;

/** The rules are checked by registrationErrors so each answer carries the spec's message. */
export const registerWithInviteRequestSchema = z.strictObject({
  invitation_token: z.string().max(512).optional(),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  phone_number: z.string().max(40).optional(),
  terms_accepted: z.boolean().optional(),
  hipaa_accepted: z.boolean().optional(),
});
export type RegisterWithInviteRequest = z.infer<typeof registerWithInviteRequestSchema>;

/** POST /auth/register (003 §7.1: "registration fields, may include role"): name, email and role are ignored. */
export const registerRequestSchema = registerWithInviteRequestSchema.extend({
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  role: z.string().max(40).optional(),
});

export const registerResponseSchema = z.object({
  message: z.string(),
  user: userSchema,
  organization_id: z.number().int(),
  org_role: z.string(),
  /** True when the invitation joined an account that already existed. */
  existing_account: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** 003 §5 registration rules, in the spec's order of fields. */
export function registrationErrors(input: {
  invitation_token?: string | null;
  password?: string | null;
  confirm_password?: string | null;
  phone_number?: string | null;
  terms_accepted?: boolean | null;
  hipaa_accepted?: boolean | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.invitation_token?.trim()) errors.invitation_token = INVITATION_MESSAGES.tokenMissing;
  const password = input.password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_MESSAGES.tooShort;
  else if (input.confirm_password != null && input.confirm_password !== password) {
    errors.confirm_password = PASSWORD_MESSAGES.mismatch;
  }
  if (input.terms_accepted !== true) errors.terms_accepted = INVITATION_MESSAGES.termsRequired;
  if (input.hipaa_accepted !== true) errors.hipaa_accepted = INVITATION_MESSAGES.hipaaRequired;
  if (!input.phone_number?.trim()) errors.phone_number = INVITATION_MESSAGES.phoneRequired;
  return errors;
}

export function isOrgRoleValue(role: string): role is (typeof ORG_ROLES)[number] {
  return (ORG_ROLES as readonly string[]).includes(role);
}

/**
 * POST /api/users (003 §7.5), for platform operators: a person is added to an organization under the
 * invitation's rules. The account is made with the membership and role, without a password: the person
 * receives an email with a one-time link to choose one. No password is accepted here and no secret answered.
 * 003 §3 User fields (name, email, phone_number, role: the product role, `case_manager` when none is given,
 * never `system`) plus the organization and its role (`staff` when none is given, 002 §5).
 */
export const USER_CREATE_PRODUCT_ROLES = PRODUCT_ROLES.filter((r) => r !== 'system') as Exclude<
  ProductRole,
  'system'
>[];
export const USER_CREATE_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: INVITATION_MESSAGES.invalidEmail,
  roleInvalid: 'Please choose one of the user roles',
  orgRoleInvalid: INVITATION_MESSAGES.invalidRole,
  organizationRequired: 'Choose the organization the user joins.',
  phoneInvalid: 'Enter a phone number with 10 digits',
  emailTaken: 'An account with this email address already exists.',
  operatorsOnly: 'Only platform operators can create users.',
  created: 'User created. An email with a link to choose a password was sent.',
} as const;

export const userCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1, USER_CREATE_MESSAGES.nameRequired).max(200),
  email: z.string().trim().toLowerCase().max(320).refine(isEmailAddress, USER_CREATE_MESSAGES.emailInvalid),
  phone_number: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === '' || isDialable(v), USER_CREATE_MESSAGES.phoneInvalid)
    .nullish(),
  role: z.enum(USER_CREATE_PRODUCT_ROLES, USER_CREATE_MESSAGES.roleInvalid).optional(),
  organization_id: idNumber(USER_CREATE_MESSAGES.organizationRequired),
  org_role: z.enum(ORG_ROLES, USER_CREATE_MESSAGES.orgRoleInvalid).optional(),
});
export type UserCreateRequest = z.infer<typeof userCreateRequestSchema>;

export const userCreateResponseSchema = z.object({
  message: z.string(),
  user: userSchema,
  organization_id: z.number().int(),
  org_role: z.enum(ORG_ROLES),
  /** When the password link stops working. */
  password_link_expires_at: timestampSchema,
});
export type UserCreateResponse = z.infer<typeof userCreateResponseSchema>;
