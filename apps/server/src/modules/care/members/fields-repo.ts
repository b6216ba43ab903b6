import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customFields, fieldMappings } from '../../../db/schema/index.ts';

// Custom field definitions and field mappings of one organization (002 §3): small lists, read whole.

export type CustomFieldRow = typeof customFields.$inferSelect;
export type FieldMappingRow = typeof fieldMappings.$inferSelect;

export async function listFields(
  db: DbOrTx,
  query: { orgId: number; category?: string; includeHidden: boolean },
): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, query.orgId),
        query.category ? eq(customFields.category, query.category) : undefined,
        query.includeHidden ? undefined : eq(customFields.hidden, false),
      ),
    )
    .orderBy(asc(customFields.category), asc(customFields.friendlyName), asc(customFields.id));
}

export async function findField(db: DbOrTx, orgId: number, id: number): Promise<CustomFieldRow | undefined> {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.organizationId, orgId), eq(customFields.id, id)));
  return row;
}

export async function categories(db: DbOrTx, orgId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: customFields.category })
    .from(customFields)
    .where(and(eq(customFields.organizationId, orgId), isNotNull(customFields.category)))
    .orderBy(asc(customFields.category));
  return rows.map((r) => r.category as string);
}

/** Inserts the definitions; a name already taken answers null (nothing inserted: the caller's transaction rolls back). */
export async function insertFields(
  db: DbOrTx,
  orgId: number,
  values: Omit<typeof customFields.$inferInsert, 'organizationId'>[],
): Promise<CustomFieldRow[] | null> {
  const rows = await db
    .insert(customFields)
    .values(values.map((v) => ({ ...v, organizationId: orgId })))
    .onConflictDoNothing({ target: [customFields.organizationId, customFields.name] })
    .returning();
  return rows.length === values.length ? rows : null;
}

export async function updateField(
  db: DbOrTx,
  id: number,
  values: Partial<typeof customFields.$inferInsert>,
): Promise<CustomFieldRow> {
  const [row] = await db
    .update(customFields)
    .set({ ...values, lastUpdatedTs: new Date() })
    .where(eq(customFields.id, id))
    .returning();
  return row!;
}

export async function deleteField(db: DbOrTx, id: number): Promise<void> {
  await db.delete(customFields).where(eq(customFields.id, id));
}

export async function listMappings(
  db: DbOrTx,
  query: { orgId: number; dbColumn?: string; sourceSystem?: string },
): Promise<FieldMappingRow[]> {
  return db
    .select()
    .from(fieldMappings)
    .where(
      and(
        eq(fieldMappings.organizationId, query.orgId),
        query.dbColumn ? eq(fieldMappings.dbColumn, query.dbColumn) : undefined,
        query.sourceSystem !== undefined ? eq(fieldMappings.sourceSystem, query.sourceSystem) : undefined,
      ),
    )
    .orderBy(asc(fieldMappings.dbColumn), asc(fieldMappings.sourceSystem), asc(fieldMappings.alternative));
}

export async function findMapping(
  db: DbOrTx,
  orgId: number,
  id: number,
): Promise<FieldMappingRow | undefined> {
  const [row] = await db
    .select()
    .from(fieldMappings)
    .where(and(eq(fieldMappings.organizationId, orgId), eq(fieldMappings.id, id)));
  return row;
}

/** Null when the same external name is already mapped for that source system (field_mappings_org_source_alt_uq). */
export async function insertMapping(
  db: DbOrTx,
  orgId: number,
  values: Omit<typeof fieldMappings.$inferInsert, 'organizationId'>,
): Promise<FieldMappingRow | null> {
  const [row] = await db
    .insert(fieldMappings)
    .values({ ...values, organizationId: orgId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setMappingActive(db: DbOrTx, id: number, isActive: boolean): Promise<FieldMappingRow> {
  const [row] = await db.update(fieldMappings).set({ isActive }).where(eq(fieldMappings.id, id)).returning();
  return row!;
}

export async function deleteMapping(db: DbOrTx, id: number): Promise<void> {
  await db.delete(fieldMappings).where(eq(fieldMappings.id, id));
}

/** Mappings naming a custom field go with it. */
export async function deleteMappingsOf(db: DbOrTx, orgId: number, dbColumn: string): Promise<void> {
  await db
    .delete(fieldMappings)
    .where(and(eq(fieldMappings.organizationId, orgId), eq(fieldMappings.dbColumn, dbColumn)));
}
