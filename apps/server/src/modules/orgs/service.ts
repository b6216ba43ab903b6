import {
  type ActiveCboResponse,
  MESSAGES,
  type Membership,
  ORG_STATUSES,
  ORG_TYPES,
  type Organization,
} from '@trust/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { setSessionOrg } from '../../platform/sessions.ts';
import * as repo from './repo.ts';

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function toOrganizationWire(o: repo.OrganizationRow): Organization {
  return {
    id: o.id,
    name: o.name,
    org_type: oneOf(ORG_TYPES, o.orgType, 'other'),
    description: o.description,
    contact_email: o.contactEmail,
    contact_phone: o.contactPhone,
    address: o.address,
    website: o.website,
    logo_url: o.logoUrl,
    status: oneOf(ORG_STATUSES, o.status, 'active'),
    settings: o.settings,
    created_at: o.createdAt.toISOString(),
  };
}

/** GET /api/cbos/users/me/organizations: the caller's memberships, primary first (002 §7). */
export async function listMyMemberships(db: DbOrTx, userId: number): Promise<Membership[]> {
  const rows = await repo.listMemberships(db, userId);
  return rows.map(({ membership, organization }) => ({
    id: membership.id,
    cbo_id: membership.organizationId,
    role: membership.role as Membership['role'],
    is_primary: membership.isPrimary,
    organization: toOrganizationWire(organization),
  }));
}

/**
 * POST /api/cbos/users/me/active-cbo: remembers the organization on the session, so requests without an
 * X-CBO-ID header act for it. Only a member (or a super administrator) may choose an organization.
 */
export async function setActiveOrganization(
  database: Database,
  auth: AuthContext,
  cboId: number,
): Promise<ActiveCboResponse> {
  const membership = auth.memberships.find((m) => m.org_id === cboId);
  const superAdmin = auth.memberships.some((m) => m.role === 'super_admin');
  const organization = await repo.findOrganization(database.db, cboId);
  if (!organization || (!membership && !superAdmin)) throw new AppError('forbidden', MESSAGES.notAMember);
  await setSessionOrg(database.db, auth.sessionId, cboId);
  return {
    cbo_id: cboId,
    role: (membership?.role ?? 'super_admin') as ActiveCboResponse['role'],
    organization: toOrganizationWire(organization),
  };
}
