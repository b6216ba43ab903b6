import type { Bundle, Resource } from '@medplum/fhirtypes';
import { needsOfSdohCategory, REFERRAL_STATUSES, type Referral, type ReferralStatus } from '@trust/domain';
import { TASK_STATUS_OF_REFERRAL } from '@trust/domain/fhir-task-status';
import { audit, auditPhiRead } from '../../../../platform/audit.ts';
import type { OrgContext } from '../../../../platform/context.ts';
import { AppError } from '../../../../platform/errors.ts';
import { findOrganization } from '../../../administration/orgs/service.ts';
import { findMemberForReferralReader } from '../../../care/members/service.ts';
import {
  type InteropReferralFilter,
  latestReferralOfMemberForInterop,
  readReferralForInterop,
  relatedOrganizationIdsForInterop,
  searchMembersForInterop,
  searchReferralsForInterop,
} from '../../../referrals/referrals/interop-service.ts';
import { fhirError } from '../operation-outcome.ts';
import { hasConsent, toConsent } from '../resources/consent.ts';
import { toOrganization } from '../resources/organization.ts';
import { toPatient } from '../resources/patient.ts';
import { referralStatusesOfRequestStatus, toServiceRequest } from '../resources/service-request.ts';
import { toTask } from '../resources/task.ts';
import { searchBundle } from './bundle.ts';
import {
  checkFormat,
  datesOf,
  idsOf,
  paging,
  type RawParams,
  type SearchType,
  stringOf,
  tokensOf,
} from './params.ts';

// Reads and searches of the FHIR API for the caller's active organization, through the referrals, members and
// organizations services and the referrals' access rule. Every answer carrying member details writes one audit
// row naming what it returned (as the app's PHI reads do); organizations carry none.

const REFERRAL_TYPES = ['Task', 'ServiceRequest', 'Consent'] as const;
type ReferralType = (typeof REFERRAL_TYPES)[number];

function notFound(type: string, id: number | string) {
  return fhirError(
    'fhir.not_found',
    `${type}/${id} is not known to this server or not visible to your organization.`,
    {
      expression: type,
    },
  );
}

function toResource(type: ReferralType, r: Referral): Resource {
  if (type === 'Task') return toTask(r);
  if (type === 'ServiceRequest') return toServiceRequest(r);
  return toConsent(r);
}

/** A referral the caller may see, or 404 (another organization's referral does not exist for it). */
async function visibleReferral(ctx: OrgContext, type: string, id: number): Promise<Referral> {
  try {
    return await readReferralForInterop(ctx, { id });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound(type, id);
    throw error;
  }
}

/** A member's Patient, when the caller's organization has a reason to see the member (a referral it may see). */
async function visiblePatient(ctx: OrgContext, memberId: number) {
  const latest = await latestReferralOfMemberForInterop(ctx, { memberId });
  if (!latest) return null;
  const member = await findMemberForReferralReader(ctx, { orgId: latest.organization_id, id: memberId });
  return member ? toPatient(member, latest) : null;
}

/** The organizations the caller may read: its own and those on the other side of its referrals. */
async function visibleOrganizationIds(ctx: OrgContext): Promise<number[]> {
  const related = await relatedOrganizationIdsForInterop(ctx);
  return [...new Set([ctx.actor.org.id, ...related])].sort((a, b) => a - b);
}

export async function readResource(
  ctx: OrgContext,
  input: { type: SearchType; id: number },
): Promise<Resource> {
  const { type, id } = input;
  if (type === 'Organization') {
    const visible = await visibleOrganizationIds(ctx);
    const org = visible.includes(id) ? await findOrganization(ctx, { id }) : undefined;
    if (!org) throw notFound(type, id);
    return toOrganization(org);
  }
  if (type === 'Patient') {
    const patient = await visiblePatient(ctx, id);
    if (!patient) throw notFound(type, id);
    await audit(ctx.db, ctx, {
      action: 'fhir.read',
      entityType: 'member',
      entityId: id,
      details: { resource_type: type },
    });
    return patient;
  }
  const referral = await visibleReferral(ctx, type, id);
  if (type === 'Consent' && !hasConsent(referral)) throw notFound(type, id);
  await audit(ctx.db, ctx, {
    action: 'fhir.read',
    entityType: 'referral',
    entityId: id,
    details: { resource_type: type },
  });
  return toResource(type, referral);
}

/** Task?status= in FHIR Task statuses, as the referral statuses each stands for. */
function statusesOfTask(values: string[]): ReferralStatus[] {
  return REFERRAL_STATUSES.filter((s) => values.includes(TASK_STATUS_OF_REFERRAL[s]));
}

function referralFilter(type: ReferralType, params: RawParams): InteropReferralFilter {
  const filter: InteropReferralFilter = {};
  const ids = idsOf(params, '_id', type);
  if (ids) filter.ids = ids;
  const patients = idsOf(params, 'patient', 'Patient');
  if (patients) filter.memberIds = patients;
  const updated = datesOf(params, '_lastUpdated');
  if (updated) filter.updated = updated;
  const status = tokensOf(params, 'status');
  if (status && type === 'Task') filter.statuses = statusesOfTask(status);
  if (status && type === 'ServiceRequest') filter.statuses = status.flatMap(referralStatusesOfRequestStatus);
  if (type === 'Task') {
    const owners = idsOf(params, 'owner', 'Organization');
    if (owners) filter.matchedOrgIds = owners;
    const focus = idsOf(params, 'focus', 'ServiceRequest');
    if (focus) filter.ids = filter.ids ? filter.ids.filter((i) => focus.includes(i)) : focus;
  }
  if (type === 'ServiceRequest') {
    const categories = tokensOf(params, 'category');
    if (categories) filter.needs = categories.flatMap(needsOfSdohCategory);
  }
  if (type === 'Consent') filter.consentObtained = true;
  return filter;
}

export async function searchResources(
  ctx: OrgContext,
  input: { type: SearchType; params: RawParams; base: string },
): Promise<Bundle> {
  const { type, params, base } = input;
  checkFormat(params);
  const { count, offset } = paging(params);
  const page = { offset, limit: count };
  let resources: Resource[];
  let total: number;
  if (type === 'Organization') {
    const ids = idsOf(params, '_id', type);
    const name = stringOf(params, 'name')?.toLowerCase();
    const visible = (await visibleOrganizationIds(ctx)).filter((id) => !ids || ids.includes(id));
    // An organization relates to a handful of others: they are read one by one and filtered by name here.
    const orgs = (await Promise.all(visible.map((id) => findOrganization(ctx, { id })))).filter(
      (o) =>
        o !== undefined &&
        (!name || o.name.toLowerCase().startsWith(name) || o.name.toLowerCase().includes(name)),
    );
    total = orgs.length;
    resources = orgs.slice(offset, offset + count).map((o) => toOrganization(o!));
  } else if (type === 'Patient') {
    const ids = idsOf(params, '_id', type);
    const found = await searchMembersForInterop(ctx, { ...(ids ? { memberIds: ids } : {}), ...page });
    total = found.total;
    resources = [];
    for (const id of found.ids) {
      const patient = await visiblePatient(ctx, id);
      if (patient) resources.push(patient);
    }
    await auditPhiRead(ctx.db, ctx, {
      action: 'fhir.search',
      entityType: 'member',
      ids: found.ids,
      details: { resource_type: type, offset },
    });
  } else {
    const found = await searchReferralsForInterop(ctx, { filter: referralFilter(type, params), ...page });
    total = found.total;
    resources = found.referrals.map((r) => toResource(type, r));
    await auditPhiRead(ctx.db, ctx, {
      action: 'fhir.search',
      entityType: 'referral',
      ids: found.referrals.map((r) => r.id),
      details: { resource_type: type, offset },
    });
  }
  return searchBundle({ base, type, params, resources, total, offset, count });
}
