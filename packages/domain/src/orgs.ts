import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { ORG_ROLES } from './roles.ts';

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

export const activeCboRequestSchema = z.strictObject({ cbo_id: z.coerce.number().int().positive() });

export const activeCboResponseSchema = z
  .object({ cbo_id: z.number().int(), role: z.enum(ORG_ROLES), organization: organizationSchema })
  .meta({ id: 'ActiveOrganization' });
export type ActiveCboResponse = z.infer<typeof activeCboResponseSchema>;
