import {
  completionPercentage,
  type FormField,
  type FormInstanceStatus,
  type FormSection,
  formTemplateBodySchema,
  inputFields,
  visibleParts,
} from '@trust/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  enrollments,
  formInstanceHistory,
  formInstances,
  formTemplates,
  formTemplateVersions,
  members,
} from '../schema/index.ts';
import { DEMO_FORM_TEMPLATES } from './form-templates.ts';
import type { Random } from './random.ts';

// Demo smart forms (issue #16 item 6): the templates of form-templates.ts (the intake with a second version, so
// the version history has something to show), and forms of the organization's enrollments in every status —
// drafts half filled, some assigned with due dates passed, near and far; submitted, reviewed and approved ones
// answered in full by the same rules the server checks — each with its history. Deterministic for one Random.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A 1×1 PNG: the drawn signature of demo forms (a real one is a few kilobytes). */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const STATUS_WEIGHTS: Record<FormInstanceStatus, number> = {
  draft: 30,
  submitted: 25,
  reviewed: 15,
  approved: 30,
};

const SAMPLE_TEXT: Record<string, string[]> = {
  field_preferred_name: ['Sam', 'Alex', 'Jo', 'Rosa', 'Minh'],
  field_best_phone: ['555-201-0134', '(555) 310-0199', '555 404 0120'],
  field_service_code: ['G9008', 'T1016', 'H0023'],
};
const SENTENCES = [
  'Member is looking for a safer, more affordable place to live.',
  'Discussed the food pantry schedule and signed up for deliveries.',
  'Rides to dialysis three times a week are the biggest need right now.',
  'Member wants help applying for the utility assistance program.',
  'Caregiver joined the call and agreed to the next steps.',
  'Referred to the benefits navigator for a SNAP recertification.',
];

export type FormDemoInput = {
  now: Date;
  organizationId: number;
  /** Users who fill forms (not viewers); the first is the templates' author. */
  writerIds: readonly number[];
  /** Managers and administrators, who review and approve. */
  reviewerIds: readonly number[];
  count?: number;
};

export type FormDemoCounts = { templates: number; instances: number };

function pickStatus(rng: Random): FormInstanceStatus {
  let roll = rng.next() * 100;
  for (const [status, weight] of Object.entries(STATUS_WEIGHTS) as [FormInstanceStatus, number][]) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'approved';
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** An answer that keeps the field's rules (the server's check of a submission passes). */
function answerFor(rng: Random, field: FormField, now: Date, signer: string): unknown {
  const v = field.validation ?? {};
  switch (field.field_type) {
    case 'text': {
      const text = rng.pick(SAMPLE_TEXT[field.field_id] ?? ['Yes, confirmed', 'Pending documents']);
      return v.maxLength ? text.slice(0, v.maxLength) : text;
    }
    case 'textarea':
      return rng.sample(SENTENCES, rng.int(1, 2)).join(' ');
    case 'rich_text':
      return `<p>${rng.pick(SENTENCES)}</p><ul><li>${rng.pick(SENTENCES)}</li></ul>`;
    case 'number':
      return rng.int(v.min ?? 0, v.max ?? 100);
    case 'date': {
      const date = iso(new Date(now.getTime() + rng.int(-20, 60) * DAY_MS));
      return v.minDate && date < v.minDate ? v.minDate : date;
    }
    case 'time':
      return `${String(rng.int(8, 17)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`;
    case 'datetime':
      return `${iso(new Date(now.getTime() - rng.int(0, 20) * DAY_MS))}T${String(rng.int(8, 17)).padStart(2, '0')}:30`;
    case 'select':
    case 'radio':
      return rng.pick(field.options ?? []);
    case 'checkbox':
      return rng.sample(field.options ?? [], rng.int(1, 2));
    case 'signature':
      return { image: SIGNATURE_PNG, typed_name: signer, signed_at: now.toISOString() };
    case 'file':
    case 'section_header':
      return undefined;
  }
}

/**
 * Answers for the shown fields: every required one and most others when `complete`, about half otherwise. A
 * field shown on another's answer is answered only if that answer shows it.
 */
export function demoAnswers(
  rng: Random,
  sections: readonly FormSection[],
  input: { complete: boolean; now: Date; signer: string },
): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const field of inputFields({ sections })) {
    const answer = answerFor(rng, field, input.now, input.signer);
    if (answer !== undefined) all[field.field_id] = answer;
  }
  const shown = visibleParts({ sections }, all).fields;
  const answers: Record<string, unknown> = {};
  for (const field of inputFields({ sections })) {
    if (!shown.has(field.field_id) || all[field.field_id] === undefined) continue;
    const keep = input.complete ? field.required || rng.chance(0.7) : rng.chance(0.5);
    if (keep) answers[field.field_id] = all[field.field_id];
  }
  return answers;
}

export async function insertFormDemoData(tx: Tx, rng: Random, input: FormDemoInput): Promise<FormDemoCounts> {
  const author = input.writerIds[0] ?? null;
  const day = (n: number) => new Date(input.now.getTime() + n * DAY_MS);
  const versions: { templateId: number; version: number; sections: FormSection[]; formType: string }[] = [];
  for (const raw of DEMO_FORM_TEMPLATES) {
    const body = formTemplateBodySchema.parse(raw);
    const sections = body.sections.map((s, i) => ({
      ...s,
      order: i,
      fields: s.fields.map((f, j) => ({ ...f, order: j })),
    }));
    const createdTs = day(-90);
    const [template] = await tx
      .insert(formTemplates)
      .values({
        organizationId: input.organizationId,
        name: body.name,
        formType: body.form_type,
        isActive: body.is_active,
        currentVersion: 1,
        createdBy: author,
        createdTs,
        lastUpdatedTs: createdTs,
      })
      .returning({ id: formTemplates.id });
    const version = {
      templateId: template!.id,
      version: 1,
      name: body.name,
      description: body.description ?? null,
      formType: body.form_type,
      sections,
      settings: body.settings,
      createdBy: author,
      createdTs,
      lastUpdatedTs: createdTs,
    };
    await tx.insert(formTemplateVersions).values(version);
    versions.push({ templateId: template!.id, version: 1, sections, formType: body.form_type });
    if (body.form_type === 'intake') {
      // Version 2 adds an emergency contact; forms started before it stay on version 1.
      const v2Sections = [
        ...sections,
        {
          section_id: 'section_emergency',
          title: 'Emergency contact',
          order: sections.length,
          collapsible: true,
          collapsed_by_default: false,
          fields: [
            {
              field_id: 'field_emergency_name',
              field_type: 'text' as const,
              label: 'Name',
              required: false,
              order: 0,
            },
            {
              field_id: 'field_emergency_phone',
              field_type: 'text' as const,
              label: 'Phone',
              required: false,
              order: 1,
            },
          ],
        },
      ];
      const v2At = day(-30);
      await tx
        .insert(formTemplateVersions)
        .values({ ...version, version: 2, sections: v2Sections, createdTs: v2At, lastUpdatedTs: v2At });
      await tx
        .update(formTemplates)
        .set({ currentVersion: 2, lastUpdatedTs: v2At })
        .where(eq(formTemplates.id, template!.id));
      versions.push({ templateId: template!.id, version: 2, sections: v2Sections, formType: body.form_type });
    }
  }

  const targets = await tx
    .select({
      id: enrollments.id,
      caseManager: enrollments.caseManagerUserId,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(enrollments)
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .where(and(eq(enrollments.organizationId, input.organizationId)))
    .orderBy(asc(enrollments.id));
  const chosen = rng.sample(targets, Math.min(input.count ?? 90, targets.length));
  let instances = 0;
  for (const enrollment of chosen) {
    const pinned = rng.pick(versions);
    const status = pickStatus(rng);
    const filler = enrollment.caseManager ?? rng.pick(input.writerIds);
    const reviewer = rng.pick(input.reviewerIds);
    // Version 1 of the intake was current until day -30.
    const latest = versions.filter((v) => v.templateId === pinned.templateId).length;
    const startDay =
      pinned.version < latest ? rng.int(-75, -31) : pinned.version > 1 ? rng.int(-29, -1) : rng.int(-60, -1);
    let startedAt = new Date(day(startDay).getTime() + rng.int(8 * 60, 17 * 60) * MINUTE_MS);
    // Everything of a form happened before now: its submission (up to 3 days after it was started) and approval
    // (2 days after that) included.
    const span = status === 'draft' ? 20 * MINUTE_MS : 72 * 60 * MINUTE_MS + 2 * DAY_MS;
    if (startedAt.getTime() + span > input.now.getTime() - MINUTE_MS) {
      startedAt = new Date(input.now.getTime() - span - rng.int(60, 600) * MINUTE_MS);
    }
    const answers = demoAnswers(rng, pinned.sections, {
      complete: status !== 'draft',
      now: startedAt,
      signer: `${enrollment.firstName} ${enrollment.lastName}`,
    });
    const submittedAt =
      status === 'draft' ? null : new Date(startedAt.getTime() + rng.int(6, 72 * 60) * MINUTE_MS);
    const reviewedAt =
      status === 'reviewed' || (status === 'approved' && rng.chance(0.5))
        ? new Date(submittedAt!.getTime() + DAY_MS)
        : null;
    const approvedAt = status === 'approved' ? new Date(submittedAt!.getTime() + 2 * DAY_MS) : null;
    const assigned = status === 'draft' && rng.chance(0.6);
    const lastUpdated =
      approvedAt ?? reviewedAt ?? submittedAt ?? new Date(startedAt.getTime() + 20 * MINUTE_MS);
    const [row] = await tx
      .insert(formInstances)
      .values({
        organizationId: input.organizationId,
        templateId: pinned.templateId,
        templateVersion: pinned.version,
        enrollmentId: enrollment.id,
        status,
        fieldData: answers,
        completionPercentage: completionPercentage({ sections: pinned.sections }, answers),
        revision: 1 + (submittedAt ? 1 : 0) + (reviewedAt ? 1 : 0) + (approvedAt ? 1 : 0),
        assignedToUserId: assigned ? filler : null,
        // Due dates from 5 days ago (overdue) to 20 days ahead.
        dueDate: assigned ? iso(day(rng.int(-5, 20))) : null,
        startedAt,
        submittedAt,
        reviewedAt,
        reviewedBy: reviewedAt ? reviewer : null,
        approvedAt,
        approvedBy: approvedAt ? reviewer : null,
        reviewComment: reviewedAt && rng.chance(0.5) ? 'Checked against the member’s documents.' : null,
        createdBy: filler,
        lastUpdatedBy: approvedAt || reviewedAt ? reviewer : filler,
        lastUpdatedTs: lastUpdated,
      })
      .returning({ id: formInstances.id });
    const ids = Object.keys(answers);
    const history: (typeof formInstanceHistory.$inferInsert)[] = [
      { instanceId: row!.id, action: 'created', userId: filler, createdTs: startedAt },
      {
        instanceId: row!.id,
        action: 'saved',
        userId: filler,
        changedFields: ids.slice(0, Math.ceil(ids.length / 2)),
        createdTs: new Date(startedAt.getTime() + 5 * MINUTE_MS),
      },
    ];
    if (submittedAt) {
      history.push({
        instanceId: row!.id,
        action: 'submitted',
        userId: filler,
        changedFields: ids.slice(Math.ceil(ids.length / 2)),
        createdTs: submittedAt,
      });
    }
    if (reviewedAt)
      history.push({ instanceId: row!.id, action: 'reviewed', userId: reviewer, createdTs: reviewedAt });
    if (approvedAt)
      history.push({ instanceId: row!.id, action: 'approved', userId: reviewer, createdTs: approvedAt });
    await tx.insert(formInstanceHistory).values(history);
    instances += 1;
  }
  return { templates: DEMO_FORM_TEMPLATES.length, instances };
}
