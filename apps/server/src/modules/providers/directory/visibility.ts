import { type SQL, sql } from 'drizzle-orm';
import { providers } from '../../../db/schema/index.ts';
import { actorOrganizationId, type ServiceContext } from '../../../platform/context.ts';

/**
 * Who is looking at the directory: the organization a signed-in request acts for, or null (signed out, or no
 * organization). Every query that lists, searches, ranks or fetches providers for someone takes one.
 */
export type ProviderViewer = number | null;

/**
 * The viewer of a service call: the organization its actor acts for. Signed-out callers, users without an
 * organization and jobs see public and verified providers only (issue #12).
 */
export function viewerOf(ctx: ServiceContext): ProviderViewer {
  return actorOrganizationId(ctx);
}

/**
 * Issue #12, the one rule of who sees a provider: registry providers and verified ones are public; a provider
 * added by hand is seen only by its owner organization until a platform operator verifies it. The rule itself
 * is the SQL function tm_provider_visible (migration 0006), which tm_nearest_providers calls too; the planner
 * inlines it. Exported as a condition for the queries of other modules that join providers for someone (My
 * Providers): written once, here.
 */
export function providerVisibleTo(viewer: ProviderViewer): SQL {
  return sql`tm_provider_visible(${providers.source}, ${providers.verifiedAt}, ${providers.ownerOrganizationId}, ${viewer}::int)`;
}
