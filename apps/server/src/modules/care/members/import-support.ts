import type { CustomFieldDefinition, CustomFieldType, FieldMapping } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import * as fieldsRepo from './fields-repo.ts';
import { mappingToWire } from './fields-service.ts';

/** A custom field as an import checks values against it. */
export type ImportFieldDefinition = CustomFieldDefinition & { mandatory: boolean; hidden: boolean };

/**
 * What a member import needs of the registry's configuration (issue #15 item 4): the organization's custom
 * field definitions and its field mappings (the import module matches columns through them).
 */
export async function importSetup(
  db: DbOrTx,
  orgId: number,
): Promise<{ customFields: ImportFieldDefinition[]; mappings: FieldMapping[] }> {
  const [fields, mappings] = await Promise.all([
    fieldsRepo.listFields(db, { orgId, includeHidden: true }),
    fieldsRepo.listMappings(db, { orgId }),
  ]);
  return {
    customFields: fields.map((f) => ({
      name: f.name,
      type: f.type as CustomFieldType,
      friendly_name: f.friendlyName,
      str_len: f.strLen,
      nullable: f.nullable,
      mandatory: f.mandatory,
      hidden: f.hidden,
    })),
    mappings: mappings.map(mappingToWire),
  };
}
