import type { ErrorReason } from '@trust/domain';
import {
  type ActiveCboResponse,
  MESSAGES,
  type Membership,
  ORG_MESSAGES,
  ORG_ROLES,
  ORG_STATUSES,
  ORG_TYPES,
  type Organization,
  type OrganizationCreate,
  type OrganizationList,
  type OrganizationListQuery,
  type OrganizationStats,
  type OrganizationUpdate,
  type OrgRole,
  type OrgUserList,
  USER_MANAGEMENT_MESSAGES as UM,
  type UserOrgLink,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import { inTransaction, type ServiceContext, type UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { announceSessionChange, setSessionOrg } from '../../../platform/sessions.ts';
import { findUserById } from '../users/service.ts';
import * as repo from './repo.ts';

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function toOrganizationWire(o: repo.OrganizationRow): Organization {
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
export async function listMyMemberships(ctx: UserContext): Promise<Membership[]> {
  const rows = await repo.listMemberships(ctx.db, ctx.actor.user.id);
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
 * X-CBO-ID header act for it. Only a member (or a platform operator) may choose an organization.
 */
export async function setActiveOrganization(
  ctx: UserContext,
  input: { cboId: number },
): Promise<ActiveCboResponse> {
  const auth = ctx.actor;
  const { cboId } = input;
  const membership = auth.memberships.find((m) => m.org_id === cboId);
  const organization = await repo.findOrganization(ctx.db, cboId);
  if (!organization || (!membership && !isPlatformOperator(auth)))
    throw new AppError('organization.not_member', MESSAGES.notAMember);
  await setSessionOrg(ctx.db, auth.sessionId, cboId);
  return {
    cbo_id: cboId,
    role: (membership?.role ?? 'super_admin') as ActiveCboResponse['role'],
    organization: toOrganizationWire(organization),
  };
}

// ---- Who may do what (002 §6; README "Organizations and users") -------------------------------------------

/**
 * Platform operators see and create every organization. The product roles `admin`/`administrator` are not
 * platform powers (issue #12): their holders see the organizations they are members of, like everyone else.
 */
function seesAllOrganizations(auth: AuthContext): boolean {
  return isPlatformOperator(auth);
}

function roleIn(auth: AuthContext, orgId: number): string | undefined {
  return auth.memberships.find((m) => m.org_id === orgId)?.role;
}

/** super_admin anywhere, or org_admin of this organization. */
function administers(auth: AuthContext, orgId: number): boolean {
  return isPlatformOperator(auth) || roleIn(auth, orgId) === 'org_admin';
}

/** Reads of one organization: its members and those who see all; everyone else gets 404 (no probing). */
async function readableOrganization(db: DbOrTx, auth: AuthContext, id: number) {
  const org = await repo.findOrganization(db, id);
  if (!org || (!seesAllOrganizations(auth) && roleIn(auth, id) === undefined)) {
    throw new AppError('organization.not_found', ORG_MESSAGES.notFound);
  }
  return org;
}

/** Changes need the role first (403, the same for a missing or foreign organization), then the row (404). */
async function administeredOrganization(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
  refusal: { reason: ErrorReason; message: string },
) {
  if (!administers(auth, id)) throw new AppError(refusal.reason, refusal.message);
  const org = await repo.findOrganization(db, id);
  if (!org) throw new AppError('organization.not_found', ORG_MESSAGES.notFound);
  return org;
}

const UPDATE_FORBIDDEN = {
  reason: 'organization.update_forbidden',
  message: ORG_MESSAGES.updateForbidden,
} as const;
const MANAGE_FORBIDDEN = { reason: 'membership.manage_forbidden', message: UM.manageForbidden } as const;

/** Blank optional texts are stored as null. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
}

function toColumns(input: OrganizationUpdate): Partial<repo.OrganizationInsert> {
  const columns: Partial<repo.OrganizationInsert> = {
    name: input.name,
    orgType: input.org_type,
    description: blankToNull(input.description),
    contactEmail: blankToNull(input.contact_email),
    contactPhone: blankToNull(input.contact_phone),
    address: blankToNull(input.address),
    website: blankToNull(input.website),
    logoUrl: blankToNull(input.logo_url),
    status: input.status,
    settings: input.settings,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

// ---- Organizations (002 §7) -------------------------------------------------------------------------------

export async function listOrganizations(
  ctx: UserContext,
  query: OrganizationListQuery,
): Promise<OrganizationList> {
  const auth = ctx.actor;
  const { rows, total, byStatus } = await repo.listOrganizations(ctx.db, {
    onlyIds: seesAllOrganizations(auth) ? undefined : auth.memberships.map((m) => m.org_id),
    search: query.search || undefined,
    status: query.status,
    page: query.page,
    pageSize: query.page_size,
  });
  const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    cbos: rows.map(toOrganizationWire),
    total,
    page: query.page,
    page_size: query.page_size,
    counts: { all: byStatus.reduce((sum, r) => sum + r.n, 0), active: n('active'), inactive: n('inactive') },
  };
}

/** GET /api/cbos/{id}: one organization, for its members and those who see all (404 for anyone else). */
export async function getOrganization(ctx: UserContext, input: { id: number }): Promise<Organization> {
  return toOrganizationWire(await readableOrganization(ctx.db, ctx.actor, input.id));
}

/**
 * POST /api/cbos: platform operators only (issue #12). An operator reaches every organization through the
 * super_admin role, so no membership is added; the organization's own admins are invited to it.
 */
export async function createOrganization(ctx: UserContext, input: OrganizationCreate): Promise<Organization> {
  if (!seesAllOrganizations(ctx.actor)) {
    throw new AppError('organization.create_forbidden', ORG_MESSAGES.createForbidden);
  }
  return ctx.db.transaction(async (tx) => {
    const org = await repo.insertOrganization(tx, {
      ...toColumns(input),
      name: input.name,
    } as repo.OrganizationInsert);
    await audit(tx, ctx, {
      action: 'organization.created',
      entityType: 'organization',
      entityId: org.id,
      details: { name: org.name },
    });
    return toOrganizationWire(org);
  });
}

/** PUT /api/cbos/{id}: org_admin of it or super_admin; `{ status }` is the active/inactive toggle. */
export async function updateOrganization(
  ctx: UserContext,
  input: { id: number; changes: OrganizationUpdate },
): Promise<Organization> {
  const { id, changes } = input;
  return ctx.db.transaction(async (tx) => {
    const before = await administeredOrganization(tx, ctx.actor, id, UPDATE_FORBIDDEN);
    const columns = toColumns(changes);
    const after = Object.keys(columns).length ? await repo.updateOrganization(tx, id, columns) : before;
    if (!after) throw new AppError('organization.not_found', ORG_MESSAGES.notFound);
    const statusChanged = changes.status !== undefined && changes.status !== before.status;
    await audit(tx, ctx, {
      action: statusChanged ? 'organization.status_changed' : 'organization.updated',
      entityType: 'organization',
      entityId: id,
      details: statusChanged
        ? { from: before.status, to: after.status }
        : { fields: Object.keys(changes).sort() },
    });
    return toOrganizationWire(after);
  });
}

/**
 * DELETE /api/cbos/{id}: super_admin only. Refused (409) while anyone but the caller is still a member, and
 * while referrals or Medicaid members are on record (deleting would cascade to PHI): deactivate instead.
 */
export async function deleteOrganization(ctx: UserContext, input: { id: number }): Promise<void> {
  const auth = ctx.actor;
  const { id } = input;
  if (!isPlatformOperator(auth)) {
    throw new AppError('organization.delete_forbidden', ORG_MESSAGES.deleteForbidden);
  }
  await ctx.db.transaction(async (tx) => {
    const org = await repo.findOrganization(tx, id);
    if (!org) throw new AppError('organization.not_found', ORG_MESSAGES.notFound);
    const others = (await repo.countMembers(tx, id)) - (roleIn(auth, id) === undefined ? 0 : 1);
    if (others > 0) throw new AppError('organization.has_members', ORG_MESSAGES.deleteHasMembers);
    if ((await repo.countOrganizationRecords(tx, id)) > 0) {
      throw new AppError('organization.has_records', ORG_MESSAGES.deleteHasRecords);
    }
    await repo.deleteOrganization(tx, id);
    // The caller's own membership, if any, went with it (a cascade): their sessions hold their memberships.
    if (roleIn(auth, id) !== undefined) await announceSessionChange(tx, { user_ids: [auth.user.id] });
    await audit(tx, ctx, {
      action: 'organization.deleted',
      entityType: 'organization',
      entityId: id,
      details: { name: org.name },
    });
  });
}

export async function getOrganizationStats(
  ctx: UserContext,
  input: { id: number },
): Promise<OrganizationStats> {
  const { id } = input;
  await readableOrganization(ctx.db, ctx.actor, id);
  const { byRole, figures } = await repo.organizationStats(ctx.db, id);
  const membersByRole = Object.fromEntries(ORG_ROLES.map((r) => [r, 0])) as Record<OrgRole, number>;
  for (const row of byRole) {
    if ((ORG_ROLES as readonly string[]).includes(row.role)) membersByRole[row.role as OrgRole] = row.n;
  }
  return {
    cbo_id: id,
    members_total: byRole.reduce((sum, r) => sum + r.n, 0),
    members_by_role: membersByRole,
    active_members: figures?.active_members ?? 0,
    pending_invitations: figures?.pending_invitations ?? 0,
    referrals_created: figures?.referrals_created ?? 0,
    referrals_last_30_days: figures?.referrals_last_30_days ?? 0,
  };
}

// ---- Organization users (002 §7, §6) ----------------------------------------------------------------------

/** GET /api/cbos/{id}/users: members of it and super_admins (member lists are not for product-wide roles). */
export async function listOrganizationUsers(
  ctx: UserContext,
  query: { id: number; page: number; page_size: number; search?: string | undefined },
): Promise<OrgUserList> {
  const auth = ctx.actor;
  const { id } = query;
  const org = await repo.findOrganization(ctx.db, id);
  if (!org || (!isPlatformOperator(auth) && roleIn(auth, id) === undefined)) {
    throw new AppError('organization.not_found', ORG_MESSAGES.notFound);
  }
  const { rows, total } = await repo.listOrganizationUsers(ctx.db, id, {
    search: query.search || undefined,
    page: query.page,
    pageSize: query.page_size,
  });
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone_number: r.phone_number,
      user_org_role: oneOf(ORG_ROLES, r.user_org_role, 'viewer'),
      is_primary: r.is_primary,
      last_login: r.last_login ? new Date(r.last_login).toISOString() : null,
      terms_accepted: r.terms_accepted,
      hipaa_accepted: r.hipaa_accepted,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

function toLink(m: repo.MembershipRow): UserOrgLink {
  return { id: m.id, user_id: m.userId, cbo_id: m.organizationId, role: oneOf(ORG_ROLES, m.role, 'viewer') };
}

/** Only a super_admin grants, changes or removes the super_admin role. */
function assertMayTouchRole(auth: AuthContext, role: string) {
  if (role === 'super_admin' && !isPlatformOperator(auth)) {
    throw new AppError('membership.super_admin_only', UM.onlySuperAdminGrantsSuperAdmin);
  }
}

/**
 * A user joins an organization with a role (no check, no audit: the caller decides and records why). Their
 * first membership becomes their primary one. The invitations module calls it when an invitation is accepted.
 */
export async function joinOrganization(
  ctx: ServiceContext,
  input: { userId: number; orgId: number; role: string },
): Promise<UserOrgLink> {
  const isFirst = !(await repo.userHasMemberships(ctx.db, input.userId));
  const created = await repo.insertMembership(ctx.db, {
    userId: input.userId,
    organizationId: input.orgId,
    role: input.role,
    isPrimary: isFirst,
  });
  // Session caches hold a user's memberships with each session (issue #22); open streams take the new rights.
  await announceSessionChange(ctx.db, { user_ids: [input.userId] });
  return toLink(created);
}

/** The user's role in the organization, or null when they are not a member. */
export async function membershipRole(
  ctx: ServiceContext,
  input: { userId: number; orgId: number },
): Promise<string | null> {
  return (await repo.findMembership(ctx.db, input.orgId, input.userId))?.role ?? null;
}

/**
 * Active members of an organization with their role and contacts: those holding one of `roles`, or the one
 * `userId` (whom a workflow step or a rule's action goes to). Inside the caller's transaction (`db`).
 */
export function activeMembers(
  db: DbOrTx,
  input: { organizationId: number; userId?: number; roles?: readonly string[] },
) {
  const { organizationId, ...who } = input;
  return repo.activeMembers(db, organizationId, who);
}

/** Whether an address (any case) belongs to a member of the organization. */
export function isMemberByEmail(ctx: ServiceContext, input: { orgId: number; email: string }) {
  return repo.isMemberByEmail(ctx.db, input.orgId, input.email);
}

/** An organization by id without any visibility rule (callers check the actor's rights themselves). */
export async function findOrganization(
  ctx: ServiceContext,
  input: { id: number },
): Promise<Organization | undefined> {
  const row = await repo.findOrganization(ctx.db, input.id);
  return row && toOrganizationWire(row);
}

/** POST /api/cbos/{id}/users {user_id, role}: adds an existing user; audited 'membership.added'. */
export async function addOrganizationUser(
  ctx: UserContext,
  input: { id: number; user_id: number; role: OrgRole },
): Promise<UserOrgLink> {
  const auth = ctx.actor;
  const { id } = input;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await administeredOrganization(tx, auth, id, MANAGE_FORBIDDEN);
    assertMayTouchRole(auth, input.role);
    const user = await findUserById(txCtx, { id: input.user_id });
    if (!user) throw new AppError('membership.user_not_found', UM.userNotFound);
    if (await repo.findMembership(tx, id, input.user_id)) {
      throw new AppError('membership.already_member', UM.alreadyMember);
    }
    const created = await joinOrganization(txCtx, { userId: input.user_id, orgId: id, role: input.role });
    await audit(tx, ctx, {
      action: 'membership.added',
      entityType: 'user',
      entityId: input.user_id,
      details: { cbo_id: id, role: input.role },
    });
    return created;
  });
}

/** PUT /api/cbos/{id}/users/{userId} {role}: audited 'membership.role_changed'. */
export async function changeOrganizationUserRole(
  ctx: UserContext,
  input: { id: number; userId: number; role: OrgRole },
): Promise<UserOrgLink> {
  const auth = ctx.actor;
  const { id, userId, role } = input;
  return ctx.db.transaction(async (tx) => {
    await administeredOrganization(tx, auth, id, MANAGE_FORBIDDEN);
    const membership = await repo.findMembership(tx, id, userId);
    if (!membership) throw new AppError('membership.not_found', UM.notAMemberOfThis);
    assertMayTouchRole(auth, role);
    assertMayTouchRole(auth, membership.role);
    if (membership.role === role) return toLink(membership);
    if (userId === auth.user.id) throw new AppError('membership.own_role', UM.cannotChangeOwnRole);
    if ((await repo.primaryUserId(tx, id)) === userId) {
      throw new AppError('membership.primary_role_locked', UM.primaryUserRoleLocked);
    }
    const updated = await repo.updateMembershipRole(tx, membership.id, role);
    // The user's open event streams take their new rights at once, in every server process.
    await announceSessionChange(tx, { user_ids: [userId] });
    await audit(tx, ctx, {
      action: 'membership.role_changed',
      entityType: 'user',
      entityId: userId,
      details: { cbo_id: id, from: membership.role, to: role },
    });
    return toLink(updated);
  });
}

/**
 * DELETE /api/cbos/{id}/users/{userId}: not the primary user (002 §6), not oneself. If it was the user's
 * primary membership, their oldest remaining one becomes primary. Audited 'membership.removed'.
 */
export async function removeOrganizationUser(
  ctx: UserContext,
  input: { id: number; userId: number },
): Promise<void> {
  const auth = ctx.actor;
  const { id, userId } = input;
  await ctx.db.transaction(async (tx) => {
    await administeredOrganization(tx, auth, id, MANAGE_FORBIDDEN);
    const membership = await repo.findMembership(tx, id, userId);
    if (!membership) throw new AppError('membership.not_found', UM.notAMemberOfThis);
    assertMayTouchRole(auth, membership.role);
    if (userId === auth.user.id) throw new AppError('membership.remove_self', UM.cannotRemoveSelf);
    if ((await repo.primaryUserId(tx, id)) === userId) {
      throw new AppError('membership.primary_not_removable', UM.primaryUserCannotBeRemoved);
    }
    await repo.deleteMembership(tx, membership.id);
    if (membership.isPrimary) await repo.promoteNextPrimary(tx, userId);
    // Streams acting for this organization close within seconds, in every server process (issue #12).
    await announceSessionChange(tx, { user_ids: [userId] });
    await audit(tx, ctx, {
      action: 'membership.removed',
      entityType: 'user',
      entityId: userId,
      details: { cbo_id: id, role: membership.role },
    });
  });
}
