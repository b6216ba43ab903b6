import {
  MEMBER_MESSAGES,
  type Member,
  type MemberCreate,
  type MemberList,
  type MemberListQuery,
} from '@trust/domain';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { isManager, staffScope } from './access.ts';
import { mergeCustomValues } from './custom-values.ts';
import * as fieldsRepo from './fields-repo.ts';
import * as repo from './repo.ts';

// 002 §2 Members and §7 "Members" (issue #15 item 1): the organization's member registry. PHI: every read is
// audited with the ids it returned, every change with the member's id (never the values).

function canEdit(ctx: OrgContext): boolean {
  return ctx.actor.org.role !== 'viewer';
}

export function toWire(row: repo.MemberRow, ctx: OrgContext): Member {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_no: row.phoneNo,
    race: row.race,
    ethnicity: row.ethnicity,
    language: row.language,
    dob: row.dob,
    gender: row.gender,
    patient_no: row.patientNo,
    medicaid_id: row.medicaidId,
    custom_fields: row.customFields as Member['custom_fields'],
    created_ts: row.createdTs.toISOString(),
    last_updated_ts: row.lastUpdatedTs.toISOString(),
    can_edit: canEdit(ctx),
    can_delete: isManager(ctx),
  };
}

const notFound = () => new AppError('member.not_found', MEMBER_MESSAGES.notFound);

/** The member as the caller may see it (staff: theirs only); anything else does not exist for them. */
export async function findVisibleMember(ctx: OrgContext, id: number): Promise<repo.MemberRow> {
  const row = await repo.findMember(ctx.db, { orgId: ctx.actor.org.id, id, staffUserId: staffScope(ctx) });
  if (!row) throw notFound();
  return row;
}

/**
 * A member of `orgId` by id, without the registry's staff scope: for a caller that has established its reason
 * to see the member itself (the FHIR API, through a referral of the member it may see). Not audited here: the
 * caller writes its own PHI-read row. Nothing is editable through it.
 */
export async function findMemberForReferralReader(
  ctx: OrgContext,
  input: { orgId: number; id: number },
): Promise<Member | undefined> {
  const row = await repo.findMember(ctx.db, { orgId: input.orgId, id: input.id, staffUserId: null });
  return row && { ...toWire(row, ctx), can_edit: false, can_delete: false };
}

export async function listMembers(ctx: OrgContext, query: MemberListQuery): Promise<MemberList> {
  const { rows, total } = await repo.listMembers(ctx.db, {
    orgId: ctx.actor.org.id,
    staffUserId: staffScope(ctx),
    ...(query.search ? { search: query.search } : {}),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'member.registry_list_read',
    entityType: 'member',
    ids: rows.map((r) => r.id),
    details: { page: query.page, searched: Boolean(query.search) },
  });
  return { members: rows.map((r) => toWire(r, ctx)), total };
}

export async function getMember(ctx: OrgContext, input: { id: number }): Promise<Member> {
  const row = await findVisibleMember(ctx, input.id);
  await audit(ctx.db, ctx, { action: 'member.read', entityType: 'member', entityId: row.id });
  return toWire(row, ctx);
}

/** The stored values of a member form: core fields as sent, custom values checked against the definitions. */
async function valuesOf(
  ctx: OrgContext,
  input: MemberCreate,
  current: repo.MemberRow | null,
): Promise<repo.MemberValues> {
  const orgId = ctx.actor.org.id;
  const fields = await fieldsRepo.listFields(ctx.db, { orgId, includeHidden: true });
  const merged = mergeCustomValues({
    fields,
    current: current?.customFields ?? {},
    sent: input.custom_fields,
    isNew: current === null,
  });
  if (merged.errors) {
    throw new AppError('member.invalid', Object.values(merged.errors)[0]!, { fields: merged.errors });
  }
  if (input.dob && input.dob > new Date().toISOString().slice(0, 10)) {
    throw new AppError('member.invalid', MEMBER_MESSAGES.dobInFuture, {
      fields: { dob: MEMBER_MESSAGES.dobInFuture },
    });
  }
  for (const [column, key, reason, message] of [
    ['medicaidId', 'medicaid_id', 'member.medicaid_id_taken', MEMBER_MESSAGES.medicaidIdTaken],
    ['patientNo', 'patient_no', 'member.patient_no_taken', MEMBER_MESSAGES.patientNoTaken],
  ] as const) {
    const value = input[key];
    if (value === null || value === current?.[column]) continue;
    const taken = await repo.findByIdentifier(ctx.db, {
      orgId,
      column,
      value,
      ...(current ? { exceptId: current.id } : {}),
    });
    if (taken) throw new AppError(reason, message, { fields: { [key]: message } });
  }
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phoneNo: input.phone_no,
    race: input.race,
    ethnicity: input.ethnicity,
    language: input.language,
    dob: input.dob,
    gender: input.gender,
    patientNo: input.patient_no,
    medicaidId: input.medicaid_id,
    customFields: merged.values,
  };
}

/** A race between two saves of the same ID ends in the unique index: answered like the check above. */
function identifierConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'members_org_medicaid_uq') {
    throw new AppError('member.medicaid_id_taken', MEMBER_MESSAGES.medicaidIdTaken, {
      fields: { medicaid_id: MEMBER_MESSAGES.medicaidIdTaken },
    });
  }
  if (constraint === 'members_org_patient_no_uq') {
    throw new AppError('member.patient_no_taken', MEMBER_MESSAGES.patientNoTaken, {
      fields: { patient_no: MEMBER_MESSAGES.patientNoTaken },
    });
  }
  throw error;
}

export async function createMember(ctx: OrgContext, input: MemberCreate): Promise<Member> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const values = await valuesOf(txCtx, input, null);
      const row = await repo.insertMember(tx, ctx.actor.org.id, { ...values, createdBy: ctx.actor.user.id });
      await audit(tx, ctx, { action: 'member.created', entityType: 'member', entityId: row.id });
      return toWire(row, ctx);
    });
  } catch (error) {
    identifierConflict(error);
  }
}

export async function updateMember(ctx: OrgContext, input: MemberCreate & { id: number }): Promise<Member> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const current = await findVisibleMember(txCtx, input.id);
      const values = await valuesOf(txCtx, input, current);
      const row = await repo.updateMember(tx, current.id, values);
      await audit(tx, ctx, {
        action: 'member.updated',
        entityType: 'member',
        entityId: row.id,
        // Which fields changed, never their values (PHI).
        details: { fields: changedFields(current, row) },
      });
      return toWire(row, ctx);
    });
  } catch (error) {
    identifierConflict(error);
  }
}

function changedFields(before: repo.MemberRow, after: repo.MemberRow): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(after) as (keyof repo.MemberRow)[]) {
    if (key === 'lastUpdatedTs' || key === 'customFields') continue;
    if (String(before[key]) !== String(after[key])) changed.push(key);
  }
  const names = new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)]);
  for (const name of names) {
    if (before.customFields[name] !== after.customFields[name]) changed.push(`custom_fields.${name}`);
  }
  return changed;
}

/** Deletes a member with their enrollments (the database cascades); their referrals keep their own copy. */
export async function deleteMember(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ message: string; id: number }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findVisibleMember(inTransaction(ctx, tx), input.id);
    await repo.deleteMember(tx, row.id);
    await audit(tx, ctx, { action: 'member.deleted', entityType: 'member', entityId: row.id });
    await ctx.deps.domainEvents.publish(tx, 'member.deleted', {
      member_id: row.id,
      organization_id: ctx.actor.org.id,
    });
    return { message: MEMBER_MESSAGES.deleted, id: row.id };
  });
}
