import { z } from 'zod';
import { idNumber, idString, pageQuery, timestampSchema } from './common.ts';
import { ORG_ROLES } from './roles.ts';

// User management and the security log (002 "User management", §3, §6; issue 3 items 7 and 9).

/** 002 §8 defaults, shown when the server sends no detail. */
export const USER_MANAGEMENT_MESSAGES = {
  loadUsersFailed: 'Failed to load users',
  removeUserFailed: 'Failed to remove user',
  sendInvitationFailed: 'Failed to send invitation',
  cancelInvitationFailed: 'Failed to cancel invitation',
  updateRoleFailed: 'Failed to update role',
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  noUsers: 'No users found',
  noInvitations: 'No invitations found',
  userNotFound: 'User not found',
  notAMemberOfThis: 'This user is not a member of this organization.',
  alreadyMember: 'This user is already a member of this organization.',
  primaryUserCannotBeRemoved: 'The primary user cannot be removed.',
  primaryUserRoleLocked: "The primary user's role cannot be changed.",
  cannotRemoveSelf: 'You cannot remove yourself from the organization.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  onlySuperAdminGrantsSuperAdmin:
    'Only a super administrator can grant or change the super administrator role.',
  manageForbidden:
    'Only a super administrator or an administrator of this organization can manage its users.',
} as const;

/** 002 §3 Organization user, as GET /api/cbos/{id}/users returns it. */
export const orgUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    user_org_role: z.enum(ORG_ROLES),
    /** The organization's primary user (its earliest administrator); cannot be removed (002 §6). */
    is_primary: z.boolean(),
    last_login: timestampSchema.nullable(),
    /** An unrevoked signature of the current Terms of Use version (true when none is published). */
    terms_accepted: z.boolean(),
    /** An unrevoked signature of the current HIPAA authorization version (true when none is published). */
    hipaa_accepted: z.boolean(),
  })
  .meta({ id: 'OrganizationUser' });
export type OrgUser = z.infer<typeof orgUserSchema>;

export const orgUserListQuerySchema = z.strictObject({
  ...pageQuery(50, 200),
  search: z.string().trim().max(200).optional(),
});

export const orgUserListSchema = z
  .object({
    users: z.array(orgUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'OrganizationUserList' });
export type OrgUserList = z.infer<typeof orgUserListSchema>;

export const orgUserParamsSchema = z.object({
  id: idString(),
  userId: idString(),
});

/** POST /api/cbos/{id}/users (002 §7). */
export const addOrgUserRequestSchema = z.strictObject({
  user_id: idNumber(),
  role: z.enum(ORG_ROLES),
});

/** PUT /api/cbos/{id}/users/{userId} (002 §7). */
export const updateOrgUserRequestSchema = z.strictObject({ role: z.enum(ORG_ROLES) });

/** 002 §3 User-organization link. */
export const userOrgLinkSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    cbo_id: z.number().int(),
    role: z.enum(ORG_ROLES),
  })
  .meta({ id: 'UserOrganizationLink' });
export type UserOrgLink = z.infer<typeof userOrgLinkSchema>;

/** Action prefixes that make an audit row a security event (issue 3 item 9). */
export const SECURITY_EVENT_PREFIXES = [
  'auth',
  '2fa',
  'device',
  'password',
  'consent',
  'invitation',
  'membership',
] as const;

export const auditLogQuerySchema = z.strictObject({
  ...pageQuery(50, 200),
  /** Only actions starting with this text, e.g. `auth.` or `2fa.`. */
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, 'Use lowercase letters, digits, dots and underscores.')
    .optional(),
});

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    at: timestampSchema,
    action: z.string(),
    actor_name: z.string().nullable(),
    actor_email: z.string().nullable(),
    ip: z.string().nullable(),
    entity_type: z.string().nullable(),
    entity_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'SecurityEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditLogSchema = z
  .object({
    events: z.array(auditEventSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'SecurityLog' });
export type AuditLogPage = z.infer<typeof auditLogSchema>;
