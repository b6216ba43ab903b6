import type { CustomField, Member } from '@trust/domain';

/** "Delgado, Rosa" → shown as "Rosa Delgado" everywhere a member is named. */
export function memberName(member: Pick<Member, 'first_name' | 'last_name'>): string {
  return `${member.first_name} ${member.last_name}`.trim();
}

/** A custom value as a person reads it: Yes/No for booleans, '—' when empty. */
export function customValueText(field: Pick<CustomField, 'type'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'bool') return value === true ? 'Yes' : 'No';
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value).toLocaleString();
  return String(value);
}

/** The visible custom fields grouped by category (002 §2 "custom-field sections by category"), uncategorised last. */
export function fieldSections(fields: readonly CustomField[]): { category: string; fields: CustomField[] }[] {
  const groups = new Map<string, CustomField[]>();
  for (const field of fields) {
    if (field.hidden) continue;
    const key = field.category ?? '';
    groups.set(key, [...(groups.get(key) ?? []), field]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({ category: category || 'Other information', fields: list }));
}
