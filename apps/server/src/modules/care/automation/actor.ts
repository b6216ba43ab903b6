import type { OrgRole } from '@trust/domain';
import { and, eq } from 'drizzle-orm';
import { memberships, users } from '../../../db/schema/index.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';

// A rule acts as the person who wrote it last (issue #17 item 4): the services it calls (an activity, an
// enrollment change) check that person's role as they would for a request, and the audit rows name them with the
// rule. Someone who has left the organization, or is now a viewer, makes the rule's actions fail with that reason.

export async function ruleActor(
  ctx: ServiceContext,
  organizationId: number,
  userId: number | null,
): Promise<OrgContext | string> {
  if (userId === null) return 'The person who wrote this rule no longer exists.';
  const [row] = await ctx.db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(users.isActive, true),
      ),
    );
  if (!row || row.role === 'viewer') {
    return 'The person who wrote this rule can no longer change records of this organization.';
  }
  const now = new Date();
  return {
    ...ctx,
    actor: {
      kind: 'user',
      user: row.user,
      sessionId: 0,
      sessionStartedAt: now,
      expiresAt: now,
      lastSeenAt: now,
      memberships: [],
      consentRequired: false,
      org: { id: organizationId, role: row.role as OrgRole },
      client: null,
    },
  };
}
