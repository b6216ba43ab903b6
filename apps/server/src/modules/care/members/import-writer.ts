import {
  CORE_MEMBER_FIELDS,
  type CoreMemberField,
  type ImportedMember,
  MEMBER_IMPORT_MESSAGES,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows-of.ts';

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

// Every identifying column as text (node-postgres would turn a date into a Date).
const ON_FILE_COLUMNS = sql.raw(CORE_MEMBER_FIELDS.map((f) => `${f}::text AS ${f}`).join(', '));

type OnFile = {
  id: number;
  customFields: Record<string, unknown>;
} & Record<CoreMemberField, string | null>;

/**
 * The members a batch's identifiers already name. The identifiers travel as two JSON arrays (two parameters
 * whatever the batch size): a thousand-value IN list built value by value is most of a batch's garbage. As
 * `= ANY(ARRAY(…))` each is one probe of its unique index (4 ms a batch at a million members); written as
 * `IN (SELECT …)` the planner scanned the organization's members instead (150 ms).
 */
async function membersOnFile(db: DbOrTx, orgId: number, rows: readonly ImportRow[]): Promise<OnFile[]> {
  const medicaid = [...new Set(rows.map((r) => r.member.core.medicaid_id).filter((v): v is string => !!v))];
  const patient = [...new Set(rows.map((r) => r.member.core.patient_no).filter((v): v is string => !!v))];
  if (medicaid.length === 0 && patient.length === 0) return [];
  return rowsOf<OnFile>(
    db,
    sql`
    SELECT id, custom_fields AS "customFields", ${ON_FILE_COLUMNS}
      FROM members
     WHERE organization_id = ${orgId}
       AND (medicaid_id = ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(medicaid)}::jsonb)))
            OR patient_no = ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(patient)}::jsonb))))`,
  );
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
  const inserts: ImportedMember[] = [];
  const insertIndexes: number[] = [];
  const updates: { id: number; values: Record<string, unknown> }[] = [];

  for (const { index, member } of input.rows) {
    const { medicaid_id: medicaid, patient_no: patient } = member.core;
    const earlier = (medicaid && seenMedicaid.get(medicaid)) ?? (patient && seenPatient.get(patient));
    if (earlier !== undefined && earlier !== null && earlier !== '') {
      result.refused.push({ index, reason: MEMBER_IMPORT_MESSAGES.duplicateInFile(earlier as number) });
      continue;
    }
    const a = medicaid ? byMedicaid.get(medicaid) : undefined;
    const b = patient ? byPatient.get(patient) : undefined;
    if (a && b && a.id !== b.id) {
      result.refused.push({ index, reason: MEMBER_IMPORT_MESSAGES.identifiersOfTwoMembers });
      continue;
    }
    // Only a row that is written claims its identifiers (a refused row is not "the same member" of a later one).
    if (medicaid) seenMedicaid.set(medicaid, index);
    if (patient) seenPatient.set(patient, index);
    const existing = a ?? b;
    if (!existing) {
      inserts.push(member);
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
    // One INSERT for the whole batch: the checked rows travel as they are, one JSON array (one parameter, not
    // one per value).
    const inserted = await rowsOf<{ medicaid_id: string | null; patient_no: string | null }>(
      db,
      sql`
      INSERT INTO members (organization_id, ${sql.raw(CORE_MEMBER_FIELDS.join(', '))}, custom_fields)
      SELECT ${input.orgId}, ${sql.raw(CORE_MEMBER_FIELDS.map((f) => `x.${f}`).join(', '))}, e->'custom'
        FROM jsonb_array_elements(${JSON.stringify(inserts)}::jsonb) AS e,
             jsonb_to_record(e->'core')
               AS x(${sql.raw(CORE_MEMBER_FIELDS.map((f) => `${f} ${f === 'dob' ? 'date' : 'text'}`).join(', '))})
      ON CONFLICT DO NOTHING
      RETURNING medicaid_id, patient_no`,
    );
    result.created = inserted.length;
    if (inserted.length < inserts.length) {
      // A member another import or a person added between the lookup and the insert: refused, safe to import again.
      const written = new Set(inserted.map((r) => `${r.medicaid_id}\u0000${r.patient_no}`));
      inserts.forEach(({ core }, i) => {
        if (!written.has(`${core.medicaid_id ?? null}\u0000${core.patient_no ?? null}`)) {
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
