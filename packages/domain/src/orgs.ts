import { z } from 'zod';
import { idNumber, pageQuery, timestampSchema } from './common.ts';
import { routingSettingsSchema } from './match-entry-lifecycle.ts';
import { ORG_ROLES } from './roles.ts';
import { speechSettingsKeysSchema } from './speech.ts';

export const ORG_STATUSES = ['active', 'inactive'] as const;
/** What kind of organization it is; a community organization may also be a directory provider. */
export const ORG_TYPES = ['health_plan', 'cbo', 'clinic', 'other'] as const;

/** 002 §3 Organization. */
export const organizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    org_type: z.enum(ORG_TYPES),
    description: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    logo_url: z.string().nullable(),
    status: z.enum(ORG_STATUSES),
    settings: z.record(z.string(), z.unknown()),
    created_at: timestampSchema,
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

/** 002 §3 Organization membership, as GET /api/cbos/users/me/organizations returns it. */
export const membershipSchema = z
  .object({
    id: z.number().int(),
    cbo_id: z.number().int(),
    role: z.enum(ORG_ROLES),
    is_primary: z.boolean(),
    organization: organizationSchema,
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof membershipSchema>;

export const membershipListSchema = z.array(membershipSchema);

export const activeCboRequestSchema = z.strictObject({ cbo_id: idNumber() });

export const activeCboResponseSchema = z
  .object({ cbo_id: z.number().int(), role: z.enum(ORG_ROLES), organization: organizationSchema })
  .meta({ id: 'ActiveOrganization' });
export type ActiveCboResponse = z.infer<typeof activeCboResponseSchema>;

/** Texts of the organizations screen and API (002 §5 "Organization needs name", §8 defaults). */
export const ORG_MESSAGES = {
  nameRequired: 'Organization name is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'Please enter a valid URL (starting with http:// or https://)',
  invalidPhone: 'Please enter a valid phone number',
  notFound: 'Organization not found',
  createForbidden: 'Only platform operators can create organizations.',
  updateForbidden: 'Only an administrator of this organization can change it.',
  deleteForbidden: 'Only platform operators can delete organizations.',
  deleteHasMembers:
    'This organization still has members. Remove them first, or deactivate the organization instead.',
  deleteHasRecords:
    'This organization has referrals or members on record. Deactivate it instead of deleting it.',
  fetchFailed: 'Failed to fetch organizations',
  createFailed: 'Failed to create organization',
  updateFailed: 'Failed to update organization',
  deleteFailed: 'Failed to delete organization',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}$/;

/** True for a syntactically valid email: text, @, domain, dot (002 §5). */
function isEmailText(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isValidHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isValidPhone(value: string): boolean {
  const v = value.trim();
  return PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7;
}

/** An optional text: blank (or null) means "none"; otherwise it must pass `check`. */
const optionalText = (max: number, check?: (v: string) => boolean, message?: string) => {
  const base = z.string().trim().max(max);
  return (check ? base.refine((v) => v === '' || check(v), message) : base).nullable().optional();
};

const organizationFields = {
  name: z.string().trim().min(1, ORG_MESSAGES.nameRequired).max(200),
  org_type: z.enum(ORG_TYPES).optional(),
  description: optionalText(4000),
  contact_email: optionalText(320, isEmailText, ORG_MESSAGES.invalidEmail),
  contact_phone: optionalText(40, isValidPhone, ORG_MESSAGES.invalidPhone),
  address: optionalText(500),
  website: optionalText(2000, isValidHttpUrl, ORG_MESSAGES.invalidUrl),
  logo_url: optionalText(2000, isValidHttpUrl, ORG_MESSAGES.invalidUrl),
  status: z.enum(ORG_STATUSES).optional(),
  // Free-form, except the known keys, which must hold their type (issue #14: cascade, member follow-up; issue #19:
  // the browser's speech recognition).
  settings: z
    .record(z.string(), z.unknown())
    .superRefine((value, ctx) => {
      for (const schema of [routingSettingsSchema, speechSettingsKeysSchema]) {
        const checked = schema.safeParse(value);
        if (checked.success) continue;
        for (const issue of checked.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }
      }
    })
    .optional(),
};

/** POST /api/cbos body (002 §5: an organization needs a name; email, URL and phone are checked). */
export const organizationCreateSchema = z.strictObject(organizationFields);
export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;

/** PUT /api/cbos/{id} body: any subset; `{ status }` alone is the active/inactive toggle (002 §4). */
export const organizationUpdateSchema = z.strictObject({
  ...organizationFields,
  name: organizationFields.name.optional(),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

export const organizationListQuerySchema = z.strictObject({
  ...pageQuery(50, 200),
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORG_STATUSES).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

export const organizationListSchema = z
  .object({
    cbos: z.array(organizationSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Counts over every organization the caller can see, ignoring search and filter (the screen's stats). */
    counts: z.object({ all: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  })
  .meta({ id: 'OrganizationList' });
export type OrganizationList = z.infer<typeof organizationListSchema>;

/** GET /api/cbos/{id}/stats: figures counted from the database. */
export const organizationStatsSchema = z
  .object({
    cbo_id: z.number().int(),
    members_total: z.number().int(),
    members_by_role: z.record(z.enum(ORG_ROLES), z.number().int()),
    active_members: z.number().int(),
    pending_invitations: z.number().int(),
    referrals_created: z.number().int(),
    referrals_last_30_days: z.number().int(),
  })
  .meta({ id: 'OrganizationStats' });
export type OrganizationStats = z.infer<typeof organizationStatsSchema>;
