import {
  type CustomFieldType,
  type CustomFieldValue,
  checkCustomFieldValue,
  MEMBER_MESSAGES,
} from '@trust/domain';
import type { CustomFieldRow } from './fields-repo.ts';

// A member's custom field values against the organization's definitions (002 §5, issue #15 item 2): every value
// checked by its field's type on the server, whatever the browser did. The form and the import share it.

export type CustomValuesResult =
  | { values: Record<string, CustomFieldValue>; errors: null }
  | { values: null; errors: Record<string, string> };

const asDefinition = (f: CustomFieldRow) => ({
  name: f.name,
  type: f.type as CustomFieldType,
  friendly_name: f.friendlyName,
  str_len: f.strLen,
  nullable: f.nullable,
});

/**
 * The custom values a member will have: those on file (`current`), replaced by those sent (null clears one), and
 * for a new member the defaults of the fields not sent. Refuses a name that is not a field of the organization,
 * a value of the wrong type, and an empty mandatory field the form shows (002 §5: hidden fields are not on it).
 * Errors are keyed `custom_fields.<name>`.
 */
export function mergeCustomValues(input: {
  fields: readonly CustomFieldRow[];
  current: Record<string, unknown>;
  sent: Record<string, unknown>;
  isNew: boolean;
}): CustomValuesResult {
  const byName = new Map(input.fields.map((f) => [f.name, f]));
  const errors: Record<string, string> = {};
  const values: Record<string, CustomFieldValue> = {};
  // Values of fields deleted meanwhile are not carried over.
  for (const [name, value] of Object.entries(input.current)) {
    if (byName.has(name)) values[name] = value as CustomFieldValue;
  }
  if (input.isNew) {
    for (const field of input.fields) {
      if (field.defaultValue !== null && !(field.name in input.sent)) {
        const checked = checkCustomFieldValue(asDefinition(field), field.defaultValue);
        if ('value' in checked && checked.value !== null) values[field.name] = checked.value;
      }
    }
  }
  for (const [name, raw] of Object.entries(input.sent)) {
    const field = byName.get(name);
    if (!field) {
      errors[`custom_fields.${name}`] = MEMBER_MESSAGES.unknownCustomField(name);
      continue;
    }
    // An empty value clears the field; whether it may be empty is the mandatory rule below.
    const checked = checkCustomFieldValue({ ...asDefinition(field), nullable: true }, raw);
    if ('error' in checked) errors[`custom_fields.${name}`] = checked.error;
    else if (checked.value === null) {
      if (!field.nullable && !field.mandatory)
        errors[`custom_fields.${name}`] = MEMBER_MESSAGES.fieldRequired(field.friendlyName);
      delete values[name];
    } else values[name] = checked.value;
  }
  for (const field of input.fields) {
    const key = `custom_fields.${field.name}`;
    if (field.mandatory && !field.hidden && values[field.name] === undefined && !errors[key]) {
      errors[key] = MEMBER_MESSAGES.fieldRequired(field.friendlyName);
    }
  }
  return Object.keys(errors).length > 0 ? { values: null, errors } : { values, errors: null };
}
