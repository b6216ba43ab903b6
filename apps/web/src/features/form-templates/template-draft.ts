import {
  FORM_TEMPLATE_DEFAULTS,
  type FormField,
  type FormSection,
  type FormTemplate,
  type FormTemplateBodyInput,
  type FormType,
} from '@trust/domain';

// The template as the editor holds it while it is changed, and how it becomes the body of a save.

export interface TemplateDraft {
  name: string;
  description: string;
  form_type: FormType;
  program_id: number | null;
  settings: { auto_save: boolean; allow_partial_save: boolean };
  is_active: boolean;
  sections: FormSection[];
  /** When the version it was opened from was last saved (sent back, so a save over a newer one is refused). */
  last_updated_ts?: string;
}

/** 002 §9 new template defaults: form type custom, auto-save and partial saves on, active. */
export function newDraft(): TemplateDraft {
  return {
    name: '',
    description: '',
    form_type: FORM_TEMPLATE_DEFAULTS.form_type,
    program_id: null,
    settings: { ...FORM_TEMPLATE_DEFAULTS.settings },
    is_active: FORM_TEMPLATE_DEFAULTS.is_active,
    sections: [],
  };
}

export function draftOf(template: FormTemplate): TemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    form_type: template.form_type,
    program_id: template.program_id,
    settings: { ...template.settings },
    is_active: template.is_active,
    sections: structuredClone(template.sections),
    last_updated_ts: template.last_updated_ts,
  };
}

/** 002 §4: a duplicate is an unsaved copy named with ' (Copy)', saved as a new template. */
export function duplicateDraft(template: FormTemplate): TemplateDraft {
  const { last_updated_ts: _opened, ...copy } = draftOf(template);
  return { ...copy, name: `${template.name} (Copy)` };
}

/** The body of POST/PUT: sections and fields numbered in the order shown. */
export function bodyOf(draft: TemplateDraft): FormTemplateBodyInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    program_id: draft.program_id,
    form_type: draft.form_type,
    settings: draft.settings,
    is_active: draft.is_active,
    ...(draft.last_updated_ts ? { last_updated_ts: draft.last_updated_ts } : {}),
    sections: draft.sections.map((section, s) => ({
      ...section,
      order: s,
      fields: section.fields.map((field, f) => ({ ...field, order: f })),
    })),
  };
}

let lastStamp = 0;

/**
 * 002 §9: section and field ids come from the current time with a section_ or field_ prefix. Two made in the
 * same millisecond (or an id the template already holds, say from a duplicate) take the next free number.
 */
export function newId(prefix: 'section' | 'field', taken: ReadonlySet<string>): string {
  let stamp = Math.max(Date.now(), lastStamp + 1);
  while (taken.has(`${prefix}_${stamp}`)) stamp++;
  lastStamp = stamp;
  return `${prefix}_${stamp}`;
}

export function allIds(sections: readonly FormSection[]): Set<string> {
  const ids = new Set<string>();
  for (const section of sections) {
    ids.add(section.section_id);
    for (const field of section.fields) ids.add(field.field_id);
  }
  return ids;
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  const next = [...items];
  if (to < 0 || to >= items.length) return next;
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

/** The fields another field or section can be shown on: every input of the template but the excluded ones. */
export function conditionSources(
  sections: readonly FormSection[],
  exclude: (field: FormField, section: FormSection) => boolean,
): FormField[] {
  return sections.flatMap((section) =>
    section.fields.filter((f) => f.field_type !== 'section_header' && !exclude(f, section)),
  );
}
