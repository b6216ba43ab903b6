import type { OtfRtfCreate, OtfRtfList, OtfRtfListQuery, OtfRtfSubmission } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

function toWire(row: repo.OtfRtfRecord): OtfRtfSubmission {
  return {
    id: row.id,
    organization_id: row.organizationId,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    zip_code: row.zipCode,
    referral_type: row.referralType,
    sdoh_need: row.sdohNeed,
    preferred_language: row.preferredLanguage,
    timeline: row.timeline,
    escalation: row.escalation,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/otf-rtf: stores a submission of the active organization by the signed-in user (000 §3.7: the six
 * fields, plus id and created time), with its audit row in the same transaction.
 */
export async function createOtfRtf(ctx: OrgContext, input: OtfRtfCreate): Promise<OtfRtfSubmission> {
  const actor = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertSubmission(tx, {
      organizationId: actor.org.id,
      createdBy: actor.user.id,
      zipCode: input.zip_code,
      referralType: input.referral_type,
      sdohNeed: input.sdoh_need,
      preferredLanguage: input.preferred_language,
      timeline: input.timeline,
      escalation: input.escalation,
    });
    await audit(tx, ctx, {
      action: 'otf_rtf.created',
      entityType: 'otf_rtf_submission',
      entityId: row.id,
      details: { referral_type: row.referralType, escalation: row.escalation },
    });
    return toWire({ ...row, createdByName: actor.user.name });
  });
}

/** GET /api/otf-rtf: the active organization's submissions, newest first, one page. */
export async function listOtfRtf(ctx: OrgContext, query: OtfRtfListQuery): Promise<OtfRtfList> {
  const { rows, total } = await repo.listSubmissions(ctx.db, ctx.actor.org.id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { submissions: rows.map(toWire), total, page: query.page, page_size: query.page_size };
}
