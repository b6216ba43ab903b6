import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows-of.ts';
import { memberships, organizations, users } from '../../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationInsert = typeof organizations.$inferInsert;
export type MembershipRow = typeof memberships.$inferSelect;

export async function listMemberships(db: DbOrTx, userId: number) {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.isPrimary), asc(organizations.name), asc(organizations.id));
}

export async function findOrganization(db: DbOrTx, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** `onlyIds` limits the list to the caller's organizations; undefined means every organization. */
export async function listOrganizations(
  db: DbOrTx,
  filter: { onlyIds?: number[]; search?: string; status?: string; page: number; pageSize: number },
) {
  const visible = filter.onlyIds
    ? inArray(organizations.id, filter.onlyIds.length ? filter.onlyIds : [0])
    : undefined;
  const escaped = filter.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    visible,
    escaped ? ilike(organizations.name, `%${escaped}%`) : undefined,
    filter.status ? eq(organizations.status, filter.status) : undefined,
  );
  const rows = await db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(organizations).where(where);
  const byStatus = await db
    .select({ status: organizations.status, n: count() })
    .from(organizations)
    .where(visible)
    .groupBy(organizations.status);
  return { rows, total: total?.n ?? 0, byStatus };
}

export async function insertOrganization(db: DbOrTx, values: OrganizationInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row as OrganizationRow;
}

export async function updateOrganization(db: DbOrTx, id: number, values: Partial<OrganizationInsert>) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}

export async function deleteOrganization(db: DbOrTx, id: number) {
  await db.delete(organizations).where(eq(organizations.id, id));
}

/** Records that would be lost with the organization: its referrals and its Medicaid members (PHI). */
export async function countOrganizationRecords(db: DbOrTx, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select ((select count(*) from referrals where organization_id = ${id})
              + (select count(*) from members where organization_id = ${id}))::int as n`,
  );
  return row?.n ?? 0;
}

export async function findMembership(db: DbOrTx, orgId: number, userId: number) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function countMembers(db: DbOrTx, orgId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, orgId));
  return row?.n ?? 0;
}

/**
 * The organization's primary user (002 §6 "The primary user cannot be removed"): the user of its earliest
 * org_admin membership. An organization without an org_admin has none.
 */
export async function primaryUserId(db: DbOrTx, orgId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'org_admin')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row?.userId ?? null;
}

export async function insertMembership(
  db: DbOrTx,
  values: { userId: number; organizationId: number; role: string; isPrimary: boolean },
) {
  const [row] = await db.insert(memberships).values(values).returning();
  return row as MembershipRow;
}

export async function updateMembershipRole(db: DbOrTx, id: number, role: string) {
  const [row] = await db.update(memberships).set({ role }).where(eq(memberships.id, id)).returning();
  return row as MembershipRow;
}

export async function deleteMembership(db: DbOrTx, id: number) {
  await db.delete(memberships).where(eq(memberships.id, id));
}

export async function userHasMemberships(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** After a user's primary membership is removed, their oldest remaining one becomes primary. */
export async function promoteNextPrimary(db: DbOrTx, userId: number) {
  await db.execute(sql`
    update memberships set is_primary = true
     where id = (select id from memberships where user_id = ${userId} order by created_at, id limit 1)
       and not exists (select 1 from memberships where user_id = ${userId} and is_primary)`);
}

/** Whether the address (any case) belongs to a member of the organization (invitations refuse to re-invite). */
export async function isMemberByEmail(db: DbOrTx, orgId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

export type OrgUserDbRow = {
  id: number;
  name: string;
  email: string;
  phone_number: string | null;
  user_org_role: string;
  is_primary: boolean;
  last_login: Date | string | null;
  terms_accepted: boolean;
  hipaa_accepted: boolean;
};

/**
 * The members of an organization with their compliance in one query: a consent type counts as accepted when
 * the user holds an unrevoked signature of its current (newest published) version, or when none is published
 * (as consentStatusFor decides).
 */
export async function listOrganizationUsers(
  db: DbOrTx,
  orgId: number,
  filter: { search?: string; page: number; pageSize: number },
) {
  const escaped = filter.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const searchSql = escaped
    ? sql`and (u.name ilike ${`%${escaped}%`} or u.email ilike ${`%${escaped}%`})`
    : sql``;
  const primary = await primaryUserId(db, orgId);
  const rows = await rowsOf<OrgUserDbRow>(
    db,
    sql`
    with current_docs as (
      select distinct on (document_type) id, document_type
        from consent_documents
       order by document_type, published_at desc, id desc
    )
    select u.id, u.name, u.email, u.phone_number, m.role as user_org_role,
           (u.id = ${primary ?? 0}) as is_primary, u.last_login,
           coalesce((select exists (select 1 from consent_signatures s
                                     where s.user_id = u.id and s.document_id = d.id and s.revoked_at is null)
                       from current_docs d where d.document_type = 'terms_of_use'), true) as terms_accepted,
           coalesce((select exists (select 1 from consent_signatures s
                                     where s.user_id = u.id and s.document_id = d.id and s.revoked_at is null)
                       from current_docs d where d.document_type = 'hipaa_authorization'), true) as hipaa_accepted
      from memberships m
      join users u on u.id = m.user_id
     where m.organization_id = ${orgId} and u.kind = 'person' ${searchSql}
     order by lower(u.name), u.id
     limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id
         where m.organization_id = ${orgId} and u.kind = 'person' ${searchSql}`,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function organizationStats(db: DbOrTx, orgId: number) {
  const byRole = await db
    .select({ role: memberships.role, n: count() })
    .from(memberships)
    // API clients' service accounts (issue #21) are members, not people: left out of the counts.
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(users.kind, 'person')))
    .groupBy(memberships.role);
  const [row] = await rowsOf<{
    active_members: number;
    pending_invitations: number;
    referrals_created: number;
    referrals_last_30_days: number;
  }>(
    db,
    sql`select
      (select count(*) from memberships m join users u on u.id = m.user_id
        where m.organization_id = ${orgId} and u.is_active and u.kind = 'person')::int as active_members,
      (select count(*) from invitations
        where organization_id = ${orgId} and status = 'pending' and expires_at > now())::int as pending_invitations,
      (select count(*) from referrals where organization_id = ${orgId})::int as referrals_created,
      (select count(*) from referrals
        where organization_id = ${orgId} and created_at > now() - interval '30 days')::int as referrals_last_30_days`,
  );
  return { byRole, figures: row };
}

/** Active users of the organization, with their role: those holding one of `roles`, or the one `userId`. */
export async function activeMembers(
  db: DbOrTx,
  organizationId: number,
  who: { userId?: number; roles?: readonly string[] },
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phoneNumber,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(users.isActive, true),
        who.userId === undefined ? undefined : eq(users.id, who.userId),
        who.roles === undefined ? undefined : inArray(memberships.role, [...who.roles]),
        // Messages to "every member with a role" are for people, not API clients' service accounts (issue #21).
        who.roles === undefined ? undefined : eq(users.kind, 'person'),
      ),
    );
}
