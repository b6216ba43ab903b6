import type { Membership } from '@trust/domain';

/**
 * 002 §2: the stored active organization when the user still belongs to it; otherwise the primary membership,
 * else the first. Null when the user has no organization.
 */
export function chooseActiveMembership(
  memberships: readonly Membership[],
  storedId: number | null,
): Membership | null {
  const stored = storedId === null ? undefined : memberships.find((m) => m.cbo_id === storedId);
  return stored ?? memberships.find((m) => m.is_primary) ?? memberships[0] ?? null;
}

/** 002 §2: an organization without a name shows as 'Organization {id}'. */
export function organizationName(membership: Membership): string {
  const name = membership.organization?.name?.trim();
  return name ? name : `Organization ${membership.cbo_id}`;
}
