import type { OrgRole, ProductRole } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { joinOrganization } from '../../administration/orgs/service.ts';
import { createUser } from '../../administration/users/service.ts';

/**
 * The organization role of a client's service account: `staff`, the least of ORG_ROLES that creates referrals
 * and moves them through their lifecycle (viewers only read; manager adds programs, member fields and
 * workflows, org_admin administers people and clients — powers a machine credential has no need of).
 */
export const SERVICE_ACCOUNT_ORG_ROLE: OrgRole = 'staff';

/** 003 §3's "System User": the product role of an account that is not a person. */
const SERVICE_ACCOUNT_PRODUCT_ROLE: ProductRole = 'system';

/**
 * Not an argon2 hash, so no password ever verifies against it (argon2.verify rejects it); the sign-in refuses
 * service accounts before looking at it anyway (access/auth).
 */
const NO_PASSWORD = '!api-client-service-account:no-password';

/**
 * Creates the account an API client acts through (inside the caller's transaction): a user of kind
 * 'api_client' named like the client, with an undeliverable address (RFC 2606 `.invalid`, so no reset link can
 * ever reach anyone), and its membership in the organization. Every call the client makes is then authorized
 * and audited as this account's.
 */
export async function createServiceAccount(
  ctx: ServiceContext,
  input: { organizationId: number; clientId: string; name: string },
): Promise<{ userId: number }> {
  const user = await createUser(ctx, {
    name: input.name,
    email: `api-client-${input.clientId}@clients.invalid`,
    passwordHash: NO_PASSWORD,
    role: SERVICE_ACCOUNT_PRODUCT_ROLE,
    kind: 'api_client',
    emailVerified: false,
  });
  await joinOrganization(ctx, {
    userId: user.id,
    orgId: input.organizationId,
    role: SERVICE_ACCOUNT_ORG_ROLE,
  });
  return { userId: user.id };
}
