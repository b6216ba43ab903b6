import {
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_STR_LEN_DEFAULT,
  type CustomField,
  type CustomFieldCreate,
  type CustomFieldListQuery,
  type CustomFieldType,
  type CustomFieldUpdate,
  checkCustomFieldValue,
  FIELD_MAPPING_MESSAGES,
  type FieldMapping,
  type FieldMappingCreate,
  isCoreMemberField,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as fieldsRepo from './fields-repo.ts';
import { dropCustomFieldValues } from './repo.ts';

// 002 §2 Custom Field Configuration and Field Mapping Configuration, §5, §7 (issue #15 items 2 and 3). Managers
// and administrators change them (routes); everyone of the organization reads them (the member form needs them).

export function fieldToWire(row: fieldsRepo.CustomFieldRow): CustomField {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CustomFieldType,
    friendly_name: row.friendlyName,
    category: row.category,
    default_value: row.defaultValue,
    mandatory: row.mandatory,
    str_len: row.strLen,
    nullable: row.nullable,
    hidden: row.hidden,
  };
}

export function mappingToWire(row: fieldsRepo.FieldMappingRow): FieldMapping {
  return {
    id: row.id,
    db_column: row.dbColumn,
    alternative: row.alternative,
    source_system: row.sourceSystem,
    description: row.description,
    is_active: row.isActive,
  };
}

function invalid(fields: Record<string, string>): AppError {
  return new AppError('custom_field.invalid', Object.values(fields)[0]!, { fields });
}

/** The settings of a definition, checked: str_len only for text (default 128), a default that fits the type. */
function settingsOf(
  type: CustomFieldType,
  input: Pick<
    CustomFieldCreate,
    'friendly_name' | 'category' | 'default_value' | 'mandatory' | 'str_len' | 'nullable' | 'hidden'
  >,
  prefix = '',
) {
  const strLen = type === 'str' ? (input.str_len ?? CUSTOM_FIELD_STR_LEN_DEFAULT) : null;
  if (input.default_value !== null) {
    const checked = checkCustomFieldValue(
      { name: '', type, friendly_name: 'The default value', str_len: strLen, nullable: true },
      input.default_value,
    );
    if ('error' in checked) throw invalid({ [`${prefix}default_value`]: checked.error });
  }
  return {
    friendlyName: input.friendly_name,
    category: input.category,
    defaultValue: input.default_value,
    mandatory: input.mandatory,
    strLen,
    nullable: input.nullable,
    hidden: input.hidden,
  };
}

export async function listFields(ctx: OrgContext, query: CustomFieldListQuery): Promise<CustomField[]> {
  const rows = await fieldsRepo.listFields(ctx.db, {
    orgId: ctx.actor.org.id,
    ...(query.category ? { category: query.category } : {}),
    includeHidden: query.include_hidden,
  });
  return rows.map(fieldToWire);
}

async function findField(ctx: OrgContext, id: number) {
  const row = await fieldsRepo.findField(ctx.db, ctx.actor.org.id, id);
  if (!row) throw new AppError('custom_field.not_found', CUSTOM_FIELD_MESSAGES.notFound);
  return row;
}

export async function getField(ctx: OrgContext, input: { id: number }): Promise<CustomField> {
  return fieldToWire(await findField(ctx, input.id));
}

export async function listCategories(ctx: OrgContext): Promise<string[]> {
  return fieldsRepo.categories(ctx.db, ctx.actor.org.id);
}

/** Creates definitions, all or none (a bulk import of 002 §5 is one decision); a taken name is 409. */
export async function createFields(
  ctx: OrgContext,
  inputs: readonly CustomFieldCreate[],
): Promise<CustomField[]> {
  const seen = new Set<string>();
  const values = inputs.map((input, i) => {
    const prefix = inputs.length > 1 ? `${i}.` : '';
    if (seen.has(input.name)) {
      throw new AppError('custom_field.name_taken', CUSTOM_FIELD_MESSAGES.nameTaken(input.name), {
        fields: { [`${prefix}name`]: CUSTOM_FIELD_MESSAGES.nameTaken(input.name) },
      });
    }
    seen.add(input.name);
    return { name: input.name, type: input.type, ...settingsOf(input.type, input, prefix) };
  });
  return ctx.db.transaction(async (tx) => {
    const rows = await fieldsRepo.insertFields(tx, ctx.actor.org.id, values);
    if (!rows) {
      const existing = new Set(
        (await fieldsRepo.listFields(tx, { orgId: ctx.actor.org.id, includeHidden: true })).map(
          (f) => f.name,
        ),
      );
      const taken = inputs.find((f) => existing.has(f.name))?.name ?? '';
      // Nothing of this request stays: the rows inserted before the taken name roll back with the transaction.
      throw new AppError('custom_field.name_taken', CUSTOM_FIELD_MESSAGES.nameTaken(taken), {
        fields: { name: CUSTOM_FIELD_MESSAGES.nameTaken(taken) },
      });
    }
    for (const row of rows) {
      await audit(tx, ctx, {
        action: 'custom_field.created',
        entityType: 'custom_field',
        entityId: row.id,
        details: { name: row.name, type: row.type },
      });
    }
    return rows.map(fieldToWire);
  });
}

export async function updateField(
  ctx: OrgContext,
  input: CustomFieldUpdate & { id: number },
): Promise<CustomField> {
  const current = await findField(ctx, input.id);
  if (
    (input.name !== undefined && input.name !== current.name) ||
    (input.type !== undefined && input.type !== current.type)
  ) {
    throw invalid({ name: CUSTOM_FIELD_MESSAGES.nameOrTypeChanged });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await fieldsRepo.updateField(
      tx,
      current.id,
      settingsOf(current.type as CustomFieldType, input),
    );
    await audit(tx, ctx, { action: 'custom_field.updated', entityType: 'custom_field', entityId: row.id });
    return fieldToWire(row);
  });
}

/** 002 §5: deleting a field deletes all data in that field for all members (the browser asked first). */
export async function deleteField(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ message: string; id: number; members_updated: number }> {
  const field = await findField(ctx, input.id);
  return ctx.db.transaction(async (tx) => {
    const membersUpdated = await dropCustomFieldValues(tx, ctx.actor.org.id, field.name);
    await fieldsRepo.deleteMappingsOf(tx, ctx.actor.org.id, field.name);
    await fieldsRepo.deleteField(tx, field.id);
    await audit(tx, ctx, {
      action: 'custom_field.deleted',
      entityType: 'custom_field',
      entityId: field.id,
      details: { name: field.name, members_updated: membersUpdated },
    });
    return { message: 'Custom field deleted successfully', id: field.id, members_updated: membersUpdated };
  });
}

// --- Field mappings ---

/** The member fields a mapping may name: the core ones and the organization's custom fields. */
export async function memberColumns(db: DbOrTx, orgId: number): Promise<Set<string>> {
  const custom = await fieldsRepo.listFields(db, { orgId, includeHidden: true });
  return new Set(custom.map((f) => f.name));
}

export async function listMappings(
  ctx: OrgContext,
  query: { db_column?: string | undefined; source_system?: string | undefined },
): Promise<FieldMapping[]> {
  const rows = await fieldsRepo.listMappings(ctx.db, {
    orgId: ctx.actor.org.id,
    ...(query.db_column ? { dbColumn: query.db_column } : {}),
    ...(query.source_system !== undefined ? { sourceSystem: query.source_system } : {}),
  });
  return rows.map(mappingToWire);
}

export async function createMapping(ctx: OrgContext, input: FieldMappingCreate): Promise<FieldMapping> {
  const orgId = ctx.actor.org.id;
  if (!isCoreMemberField(input.db_column) && !(await memberColumns(ctx.db, orgId)).has(input.db_column)) {
    const message = FIELD_MAPPING_MESSAGES.unknownColumn(input.db_column);
    throw new AppError('field_mapping.invalid', message, { fields: { db_column: message } });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await fieldsRepo.insertMapping(tx, orgId, {
      dbColumn: input.db_column,
      alternative: input.alternative,
      sourceSystem: input.source_system,
      description: input.description,
      isActive: input.is_active,
    });
    if (!row) {
      const message = FIELD_MAPPING_MESSAGES.duplicate(input.alternative);
      throw new AppError('field_mapping.duplicate', message, { fields: { alternative: message } });
    }
    await audit(tx, ctx, { action: 'field_mapping.created', entityType: 'field_mapping', entityId: row.id });
    return mappingToWire(row);
  });
}

async function findMapping(ctx: OrgContext, id: number) {
  const row = await fieldsRepo.findMapping(ctx.db, ctx.actor.org.id, id);
  if (!row) throw new AppError('field_mapping.not_found', FIELD_MAPPING_MESSAGES.notFound);
  return row;
}

export async function setMappingActive(
  ctx: OrgContext,
  input: { id: number; is_active: boolean },
): Promise<FieldMapping> {
  const current = await findMapping(ctx, input.id);
  return ctx.db.transaction(async (tx) => {
    const row = await fieldsRepo.setMappingActive(tx, current.id, input.is_active);
    await audit(tx, ctx, {
      action: 'field_mapping.updated',
      entityType: 'field_mapping',
      entityId: row.id,
      details: { is_active: row.isActive },
    });
    return mappingToWire(row);
  });
}

export async function deleteMapping(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ message: string; id: number }> {
  const current = await findMapping(ctx, input.id);
  return ctx.db.transaction(async (tx) => {
    await fieldsRepo.deleteMapping(tx, current.id);
    await audit(tx, ctx, {
      action: 'field_mapping.deleted',
      entityType: 'field_mapping',
      entityId: current.id,
    });
    return { message: 'Field mapping deleted successfully', id: current.id };
  });
}
