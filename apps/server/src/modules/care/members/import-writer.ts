import {
  CORE_MEMBER_FIELDS,
  type CoreMemberField,
  type ImportedMember,
  MEMBER_IMPORT_MESSAGES,
} from '@trust/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { members } from '../../../db/schema/index.ts';

// The member registry's side of an import (issue #15 item 4): one batch of checked rows written in the caller's
// transaction, with two lookups and at most one INSERT and one UPDATE whatever the batch size. A row finds its
// member by Medicaid ID, else by patient number; what it carries replaces what is on file (empty cells keep
// what is there), so importing the same file again changes nothing.

export type ImportRow = { index: number; member: ImportedMember };
export type ImportBatchResult = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  refused: { index: number; reason: string }[];
};

const COLUMN: Record<CoreMemberField, keyof typeof members.$inferInsert> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone_no: 'phoneNo',
  race: 'race',
  ethnicity: 'ethnicity',
  language: 'language',
  dob: 'dob',
  gender: 'gender',
  patient_no: 'patientNo',
  medicaid_id: 'medicaidId',
};

type OnFile = {
  id: number;
  customFields: Record<string, unknown>;
} & Record<CoreMemberField, string | null>;

async function membersOnFile(db: DbOrTx, orgId: number, rows: readonly ImportRow[]): Promise<OnFile[]> {
  const medicaid = [...new Set(rows.map((r) => r.member.core.medicaid_id).filter((v): v is string => !!v))];
  const patient = [...new Set(rows.map((r) => r.member.core.patient_no).filter((v): v is string => !!v))];
  if (medicaid.length === 0 && patient.length === 0) return [];
  const found = await db
    .select({
      id: members.id,
      customFields: members.customFields,
      ...Object.fromEntries(CORE_MEMBER_FIELDS.map((f) => [f, members[COLUMN[f] as 'firstName']])),
    })
    .from(members)
    .where(
      and(
        eq(members.organizationId, orgId),
        or(
          medicaid.length ? inArray(members.medicaidId, medicaid) : undefined,
          patient.length ? inArray(members.patientNo, patient) : undefined,
        ),
      ),
    );
  return found as unknown as OnFile[];
}

export async function writeImportedMembers(
  db: DbOrTx,
  input: { orgId: number; onExisting: 'update' | 'skip'; rows: readonly ImportRow[] },
): Promise<ImportBatchResult> {
  const result: ImportBatchResult = { created: 0, updated: 0, unchanged: 0, skipped: 0, refused: [] };
  const onFile = await membersOnFile(db, input.orgId, input.rows);
  const byMedicaid = new Map(onFile.filter((m) => m.medicaid_id).map((m) => [m.medicaid_id as string, m]));
  const byPatient = new Map(onFile.filter((m) => m.patient_no).map((m) => [m.patient_no as string, m]));
  const seenMedicaid = new Map<string, number>();
  const seenPatient = new Map<string, number>();
  const inserts: (typeof members.$inferInsert)[] = [];
  const insertIndexes: number[] = [];
  const updates: { id: number; values: Record<string, unknown> }[] = [];

  for (const { index, member } of input.rows) {
    const { medicaid_id: medicaid, patient_no: patient } = member.core;
    const earlier = (medicaid && seenMedicaid.get(medicaid)) ?? (patient && seenPatient.get(patient));
    if (earlier !== undefined && earlier !== null && earlier !== '') {
      result.refused.push({ index, reason: MEMBER_IMPORT_MESSAGES.duplicateInFile(earlier as number) });
      continue;
    }
    if (medicaid) seenMedicaid.set(medicaid, index);
    if (patient) seenPatient.set(patient, index);
    const a = medicaid ? byMedicaid.get(medicaid) : undefined;
    const b = patient ? byPatient.get(patient) : undefined;
    if (a && b && a.id !== b.id) {
      result.refused.push({ index, reason: MEMBER_IMPORT_MESSAGES.identifiersOfTwoMembers });
      continue;
    }
    const existing = a ?? b;
    if (!existing) {
      const values: typeof members.$inferInsert = {
        organizationId: input.orgId,
        firstName: member.core.first_name as string,
        lastName: member.core.last_name as string,
        customFields: member.custom,
      };
      for (const f of CORE_MEMBER_FIELDS) {
        if (member.core[f] !== null) (values as Record<string, unknown>)[COLUMN[f]] = member.core[f];
      }
      inserts.push(values);
      insertIndexes.push(index);
      continue;
    }
    if (input.onExisting === 'skip') {
      result.skipped++;
      continue;
    }
    const changes: Record<string, unknown> = {};
    for (const f of CORE_MEMBER_FIELDS) {
      const value = member.core[f];
      if (value !== null && value !== existing[f]) changes[f] = value;
    }
    const custom = { ...existing.customFields, ...member.custom };
    const customChanged = Object.entries(member.custom).some(([k, v]) => existing.customFields[k] !== v);
    if (Object.keys(changes).length === 0 && !customChanged) {
      result.unchanged++;
      continue;
    }
    updates.push({ id: existing.id, values: { ...changes, custom_fields: custom } });
  }

  if (inserts.length > 0) {
    const inserted = await db
      .insert(members)
      .values(inserts)
      .onConflictDoNothing()
      .returning({ medicaidId: members.medicaidId, patientNo: members.patientNo });
    result.created = inserted.length;
    if (inserted.length < inserts.length) {
      // A member another import or a person added between the lookup and the insert: refused, safe to import again.
      const written = new Set(inserted.map((r) => `${r.medicaidId}\u0000${r.patientNo}`));
      inserts.forEach((values, i) => {
        if (!written.has(`${values.medicaidId ?? null}\u0000${values.patientNo ?? null}`)) {
          result.refused.push({ index: insertIndexes[i]!, reason: MEMBER_IMPORT_MESSAGES.addedMeanwhile });
        }
      });
    }
  }
  if (updates.length > 0) {
    // One UPDATE for the whole batch: the new values travel as one JSON array.
    const payload = JSON.stringify(updates.map((u) => ({ id: u.id, ...u.values })));
    await db.execute(sql`
      UPDATE members AS m SET
        first_name = coalesce(x->>'first_name', m.first_name),
        last_name = coalesce(x->>'last_name', m.last_name),
        email = CASE WHEN jsonb_exists(x, 'email') THEN x->>'email' ELSE m.email END,
        phone_no = CASE WHEN jsonb_exists(x, 'phone_no') THEN x->>'phone_no' ELSE m.phone_no END,
        race = CASE WHEN jsonb_exists(x, 'race') THEN x->>'race' ELSE m.race END,
        ethnicity = CASE WHEN jsonb_exists(x, 'ethnicity') THEN x->>'ethnicity' ELSE m.ethnicity END,
        language = CASE WHEN jsonb_exists(x, 'language') THEN x->>'language' ELSE m.language END,
        dob = CASE WHEN jsonb_exists(x, 'dob') THEN (x->>'dob')::date ELSE m.dob END,
        gender = CASE WHEN jsonb_exists(x, 'gender') THEN x->>'gender' ELSE m.gender END,
        patient_no = CASE WHEN jsonb_exists(x, 'patient_no') THEN x->>'patient_no' ELSE m.patient_no END,
        medicaid_id = CASE WHEN jsonb_exists(x, 'medicaid_id') THEN x->>'medicaid_id' ELSE m.medicaid_id END,
        custom_fields = x->'custom_fields',
        last_updated_ts = now()
      FROM jsonb_array_elements(${payload}::jsonb) AS x
      WHERE m.id = (x->>'id')::int AND m.organization_id = ${input.orgId}`);
    result.updated = updates.length;
  }
  return result;
}
