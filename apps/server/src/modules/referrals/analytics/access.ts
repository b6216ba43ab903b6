import { ANALYTICS_MESSAGES, type AnalyticsScope, ORG_ADMIN_ROLES } from '@trust/domain';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';

/** Whose referrals a figure counts: one organization's, or (null) the whole network's. */
export type Coverage = { scope: AnalyticsScope; organizationId: number | null };

/**
 * Who may see which figures (issue #20): a platform operator sees the network (their default) or their active
 * organization; an org_admin or super_admin sees their active organization; nobody else sees any, since the
 * figures describe the whole organization's work, not only what the caller may open.
 */
export function coverageOf(ctx: OrgContext, asked: AnalyticsScope | undefined): Coverage {
  const operator = isPlatformOperator(ctx.actor);
  const scope = asked ?? (operator ? 'network' : 'organization');
  if (scope === 'network') {
    if (!operator) {
      throw new AppError('analytics.network_operators_only', ANALYTICS_MESSAGES.networkForOperators);
    }
    return { scope, organizationId: null };
  }
  if (!operator && !ORG_ADMIN_ROLES.includes(ctx.actor.org.role)) {
    throw new AppError('analytics.admins_only', ANALYTICS_MESSAGES.adminsOnly);
  }
  return { scope, organizationId: ctx.actor.org.id };
}
