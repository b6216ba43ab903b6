import {
  FORM_CONDITION_OPERATOR_LABELS,
  FORM_CONDITION_OPERATORS,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_OPTION_FIELD_TYPES,
  FORM_SERVER_MESSAGES,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormFieldType,
  type FormFieldTypeList,
  type FormSection,
  type FormTemplate,
  type FormTemplateBody,
  type FormTemplateDeleteResponse,
  type FormTemplateList,
  type FormTemplateListQuery,
  type FormTemplatePreview,
  type FormTemplateSettings,
  type FormTemplateVersionList,
  formTypeOf,
  inputFields,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProgramForOrg } from '../programs/service.ts';
import { clearAnalyticsCache } from './analytics-cache.ts';
import { canonicalJson } from './canonical-json.ts';
import * as repo from './templates-repo.ts';

// Form templates and their versions (002 §2 "Form Templates manager", §4, §5, §7; issue #16 item 1). Every member
// of the organization reads them; managers and administrators change them (the routes' role list). A version
// forms were started on never changes: they stay pinned to it, and a change is saved as the next version.

const notFound = () => new AppError('form_template.not_found', FORM_SERVER_MESSAGES.templateNotFound);

function toWire(view: repo.TemplateView): FormTemplate {
  const { template, version } = view;
  return {
    id: template.id,
    name: version.name,
    description: version.description,
    program_id: version.programId,
    program_name: view.programName,
    form_type: formTypeOf(version.formType),
    sections: version.sections as FormSection[],
    settings: version.settings as FormTemplateSettings,
    is_active: template.isActive,
    version: version.version,
    latest_version: template.currentVersion,
    created_ts: template.createdTs.toISOString(),
    last_updated_ts: version.lastUpdatedTs.toISOString(),
    created_by_name: view.createdByName,
    usage_count: view.usageCount,
  };
}

/** Sections as stored: in the order given, each with its `order` and its fields' `order` written out. */
function ordered(sections: readonly FormSection[]): FormSection[] {
  return sections.map((section, i) => ({
    ...section,
    order: i,
    fields: section.fields.map((field, j) => ({ ...field, order: j })),
  }));
}

/** Whether a save would leave a version's content as it is (an active-flag toggle sends it back unchanged). */
function sameContent(
  stored: repo.VersionRow,
  content: Pick<repo.VersionRow, 'name' | 'description' | 'formType' | 'programId' | 'sections' | 'settings'>,
): boolean {
  return (
    stored.name === content.name &&
    stored.description === content.description &&
    stored.formType === content.formType &&
    stored.programId === content.programId &&
    canonicalJson(stored.sections) === canonicalJson(content.sections) &&
    canonicalJson(stored.settings) === canonicalJson(content.settings)
  );
}

/** The program named by a body, checked to be the organization's (404 otherwise). */
async function programOf(ctx: OrgContext, programId: number | null | undefined): Promise<number | null> {
  if (programId === undefined || programId === null) return null;
  return (await findProgramForOrg(ctx, programId)).id;
}

/**
 * A template of the caller's organization (its current version, or `version`), for the forms of this module.
 * 404 for an unknown id, another organization's template or a version it does not have.
 */
export async function findTemplateForOrg(
  ctx: OrgContext,
  id: number,
  version?: number,
): Promise<repo.TemplateView> {
  const view = await repo.findTemplate(ctx.db, ctx.actor.org.id, id, version);
  if (view) return view;
  if (version !== undefined && (await repo.findTemplate(ctx.db, ctx.actor.org.id, id))) {
    throw new AppError('form_template.version_not_found', FORM_SERVER_MESSAGES.versionNotFound);
  }
  throw notFound();
}

/** GET /api/forms/templates/: one page by name, the filters on the server, with the library's counts. */
export async function listTemplates(
  ctx: OrgContext,
  query: FormTemplateListQuery,
): Promise<FormTemplateList> {
  const [{ rows, total }, stats] = await Promise.all([
    repo.listTemplates(ctx.db, ctx.actor.org.id, {
      ...(query.search ? { search: query.search } : {}),
      ...(query.form_type ? { formType: query.form_type } : {}),
      ...(query.program_id === undefined ? {} : { programId: query.program_id }),
      ...(query.is_active === undefined ? {} : { isActive: query.is_active === 'true' }),
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    repo.templateStats(ctx.db, ctx.actor.org.id),
  ]);
  return { templates: rows.map(toWire), total, stats };
}

/** GET /api/forms/templates/{id}?version=N */
export async function getTemplate(
  ctx: OrgContext,
  input: { id: number; version?: number },
): Promise<FormTemplate> {
  return toWire(await findTemplateForOrg(ctx, input.id, input.version));
}

/** POST /api/forms/templates/: version 1 of a new template (002 §5 rules checked by the body's schema). */
export async function createTemplate(ctx: OrgContext, body: FormTemplateBody): Promise<FormTemplate> {
  const programId = await programOf(ctx, body.program_id);
  const id = await ctx.db.transaction(async (tx) => {
    const template = await repo.insertTemplate(tx, {
      organizationId: ctx.actor.org.id,
      name: body.name.trim(),
      formType: body.form_type,
      programId,
      isActive: body.is_active,
      currentVersion: 1,
      createdBy: ctx.actor.user.id,
    });
    await repo.insertVersion(tx, {
      templateId: template.id,
      version: 1,
      name: body.name.trim(),
      description: body.description?.trim() || null,
      formType: body.form_type,
      programId,
      sections: ordered(body.sections),
      settings: body.settings,
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'form_template.created',
      entityType: 'form_template',
      entityId: template.id,
      details: { form_type: body.form_type, sections: body.sections.length },
    });
    return template.id;
  });
  return getTemplate(ctx, { id });
}

/**
 * PUT /api/forms/templates/{id}: with `createNewVersion` the body becomes the next version and the current one;
 * without it the current version changes in place — unless forms were started on it (409: it is immutable, save
 * a new version). Whether the template is offered (is_active) is not versioned.
 */
export async function updateTemplate(
  ctx: OrgContext,
  input: { id: number; createNewVersion: boolean; body: FormTemplateBody },
): Promise<FormTemplate> {
  const { body } = input;
  const programId = await programOf(ctx, body.program_id);
  await ctx.db.transaction(async (tx) => {
    const template = await repo.lockTemplate(tx, ctx.actor.org.id, input.id);
    if (!template) throw notFound();
    const content = {
      name: body.name.trim(),
      description: body.description?.trim() || null,
      formType: body.form_type,
      programId,
      sections: ordered(body.sections),
      settings: body.settings,
    };
    const now = new Date();
    let version = template.currentVersion;
    // A save based on an older reading (the editor sends back the last_updated_ts it loaded) would erase what was
    // saved since: refused, as a form's stale revision is.
    const current = await repo.findVersion(tx, template.id, template.currentVersion);
    const loaded = typeof body.last_updated_ts === 'string' ? body.last_updated_ts : null;
    if (loaded && current && Date.parse(loaded) !== current.lastUpdatedTs.getTime()) {
      throw new AppError('form_template.stale', FORM_SERVER_MESSAGES.templateStale);
    }
    if (input.createNewVersion) {
      version += 1;
      await repo.insertVersion(tx, {
        templateId: template.id,
        version,
        ...content,
        createdBy: ctx.actor.user.id,
      });
    } else {
      const unchanged = current !== undefined && sameContent(current, content);
      const started = unchanged ? 0 : await repo.countInstancesOfVersion(tx, template.id, version);
      if (started > 0) {
        throw new AppError('form_template.version_in_use', FORM_SERVER_MESSAGES.templateInUse(started));
      }
      // Only the active flag changed: the version stays as it is.
      if (!unchanged) await repo.updateVersion(tx, template.id, version, { ...content, lastUpdatedTs: now });
    }
    await repo.updateTemplate(tx, template.id, {
      name: content.name,
      formType: content.formType,
      programId,
      isActive: body.is_active,
      currentVersion: version,
      lastUpdatedTs: now,
    });
    await audit(tx, ctx, {
      action: input.createNewVersion ? 'form_template.versioned' : 'form_template.updated',
      entityType: 'form_template',
      entityId: template.id,
      details: { version, is_active: body.is_active },
    });
    await clearAnalyticsCache(tx, ctx.actor.org.id);
  });
  return getTemplate(ctx, { id: input.id });
}

/**
 * DELETE /api/forms/templates/{id}: the template with its versions and the drafts started from it. Submitted
 * forms are records an auditor asks for: a template they use is deactivated instead (409).
 */
export async function deleteTemplate(
  ctx: OrgContext,
  input: { id: number },
): Promise<FormTemplateDeleteResponse> {
  return ctx.db.transaction(async (tx) => {
    const template = await repo.lockTemplate(tx, ctx.actor.org.id, input.id);
    if (!template) throw notFound();
    const { drafts, records } = await repo.countInstancesOfTemplate(tx, template.id);
    if (records > 0) {
      throw new AppError('form_template.has_records', FORM_SERVER_MESSAGES.templateHasRecords(records));
    }
    await repo.deleteTemplate(tx, template.id);
    await audit(tx, ctx, {
      action: 'form_template.deleted',
      entityType: 'form_template',
      entityId: template.id,
      details: { drafts_deleted: drafts, versions: template.currentVersion },
    });
    await clearAnalyticsCache(tx, ctx.actor.org.id);
    return { message: FORM_SERVER_MESSAGES.templateDeleted, id: template.id, drafts_deleted: drafts };
  });
}

/** GET /api/forms/templates/{id}/versions: newest first. */
export async function listTemplateVersions(
  ctx: OrgContext,
  input: { id: number },
): Promise<FormTemplateVersionList> {
  const view = await findTemplateForOrg(ctx, input.id);
  const rows = await repo.listVersions(ctx.db, view.template.id);
  return {
    versions: rows.map((r) => ({
      version: r.version,
      name: r.name,
      last_updated_ts: r.lastUpdatedTs.toISOString(),
      created_by_name: r.createdByName,
      field_count: inputFields({ sections: r.sections as FormSection[] }).length,
      usage_count: r.usageCount,
      is_current: r.version === view.template.currentVersion,
    })),
  };
}

/** GET /api/forms/templates/{id}/preview: the current version with the counts the preview shows. */
export async function previewTemplate(ctx: OrgContext, input: { id: number }): Promise<FormTemplatePreview> {
  const template = toWire(await findTemplateForOrg(ctx, input.id));
  const fields = template.sections.flatMap((s) => s.fields);
  const inputs = inputFields(template);
  return {
    template,
    section_count: template.sections.length,
    field_count: fields.length,
    input_field_count: inputs.length,
    required_field_count: inputs.filter((f) => f.required).length,
    conditional_count:
      fields.filter((f) => f.conditional_logic).length +
      template.sections.filter((s) => s.conditional_logic).length,
  };
}

/** The validation options each field type takes (the editor shows these). */
const VALIDATION_OPTIONS: Partial<Record<FormFieldType, string[]>> = {
  text: ['minLength', 'maxLength', 'pattern', 'patternMessage'],
  textarea: ['minLength', 'maxLength', 'pattern', 'patternMessage'],
  number: ['min', 'max', 'step'],
  date: ['minDate', 'maxDate'],
  datetime: ['minDate', 'maxDate'],
};

/** GET /api/forms/field-types (002 §9). */
export function fieldTypeList(): FormFieldTypeList {
  return {
    field_types: FORM_FIELD_TYPES.map((value) => ({
      value,
      label: FORM_FIELD_TYPE_LABELS[value],
      is_input: value !== 'section_header',
      has_options: FORM_OPTION_FIELD_TYPES.includes(value),
      validation: VALIDATION_OPTIONS[value] ?? [],
    })),
    form_types: FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] })),
    condition_operators: FORM_CONDITION_OPERATORS.map((value) => ({
      value,
      label: FORM_CONDITION_OPERATOR_LABELS[value],
    })),
  };
}
