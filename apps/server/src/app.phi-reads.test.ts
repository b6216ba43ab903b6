import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Referral, ReferralCreateInput } from '@trust/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../test/factories.ts';
import { bearer, buildTestApp, login, type TestApp } from '../test/helpers.ts';
import { eventually, multipart } from '../test/voice-support.ts';
import { toneWav } from './adapters/voice/wav.ts';
import { newReferralBody } from './db/demo-data/factories.ts';
import { runStepJob } from './modules/care/workflows/engine.ts';
import { configureVoiceDriver } from './modules/communications/voice/driver-of.ts';
import { fixtureBundle, fixtureTask } from './modules/interop/fhir/inbound/referral-task.fixture.ts';
import { systemContext } from './platform/context.ts';
import { PHI_EXTENSION } from './platform/phi.ts';

// Issue #12 item 10: every answer that carries PHI of members writes one audit row naming what it returned. The
// routes are listed from the OpenAPI document (`x-phi`, platform/phi.ts), and checked two ways: a route whose
// answer has a member's field but no `x-phi` fails (a new route that forgets is caught), and every `x-phi`
// route is called for real here and must have written its row. A new PHI route needs an entry in CALLS.

/** Field names that only an answer about members has (the 2xx schemas of the OpenAPI document). */
const PHI_FIELDS = [
  'medicaid_id',
  'member_name',
  'member',
  'first_name',
  'last_name',
  'date_of_birth',
  'primary_diagnosis',
  'additional_notes',
  'emergency_contact_name',
  'content_html',
  'message_body',
  'message_content',
  'last_message',
  'preview',
  'body_text',
  'body_html',
  'transcription_text',
  'screenshot_before',
  'screenshot_after',
];

/** Routes with such fields that are not audited per request, and why. Keep it short. */
const NOT_PHI_ROUTES: Record<string, string> = {};

// Providers around Billings, MT (ZIP 59101): no demo metro is near, so auto-match finds only these.
const BILLINGS = { lat: 45.7745, lng: -108.5005 };
const MILE_LAT = 1 / 69.05;
const INBOUND_TOKEN = 'phi-reads-inbound-token-3c9e1a';

type Caller = { token: string; org: number; userId: number };
// biome-ignore lint/suspicious/noExplicitAny: answers of 40 different routes, read by the table's own functions
type Body = Record<string, any>;
type Prepared = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who calls: the coordinator of the health plan unless said. */
  as?: Caller;
  /** The ids of the records the answer returned, as its audit row must name them. */
  ids: (body: Body) => number[];
};
type Call =
  | {
      /** The action of the request's audit row. */
      action: string;
      /** A change that answers with the record it changed: its own row names it, and no read row is added. */
      change?: true;
      /** Makes what the request needs (not measured) and says how to call it. */
      prepare: () => Promise<Prepared>;
    }
  | { covered: string };

let t: TestApp;
let dataDir: string;
let doc: { paths: Record<string, Record<string, Body>> } & Body;
/** "METHOD /path" → entity_type, for every operation the document marks x-phi. */
const phiRoutes = new Map<string, string>();
let plan: number;
let harbor: number;
let coordinator: Caller;
let cbo: Caller;
let admin: Caller;
/** What the reads below read: one referral of the health plan with a little of everything. */
const f = {
  referral: null as unknown as Referral,
  memberId: 0,
  provider: 0,
  providerPhone: '(406) 555-0171',
  note: 0,
  document: 0,
  emailCommunication: 0,
  attachmentUrl: '',
  voicemail: 0,
};
let seq = 0;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

async function caller(email: string, org: number): Promise<Caller> {
  const { id } = await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return { token: await login(t.app, email), org, userId: id };
}

function inject(
  method: string,
  url: string,
  who: Caller,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(who.token, who.org), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function ok(res: LightMyRequestResponse): Promise<Body> {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function addProvider(name: string, miles: number) {
  const { id } = await one<{ id: number }>(
    `INSERT INTO providers (name, organization_type, city, state, zip_code, services, languages, latitude, longitude,
       capacity_status)
     VALUES ($1, 'Food Bank', 'Billings', 'MT', '59101', ARRAY['Food Assistance'], ARRAY['English'], $2, $3, 'accepting')
     RETURNING id`,
    [name, BILLINGS.lat + miles * MILE_LAT, BILLINGS.lng],
  );
  return id;
}

/** A member in Billings who needs food: auto-match finds the providers placed there. */
const inBillings = { zip_code: '59101', city: 'Billings', state: 'MT', sdoh_needs: ['Food Assistance'] };

const referralBody = (overrides: Partial<ReferralCreateInput> = {}) =>
  newReferralBody({ ...inBillings, ...overrides });

const newReferral = (overrides: Partial<ReferralCreateInput> = {}) =>
  createReferral(t, { token: coordinator.token, orgId: coordinator.org, ...inBillings, ...overrides });

async function autoMatched(): Promise<{ id: number; providers: number[] }> {
  const r = await newReferral();
  const matched = await ok(await inject('POST', `/api/referrals/${r.id}/auto-match`, coordinator));
  return { id: r.id, providers: matched.matched_providers.map((m: Body) => m.provider_id) };
}

const idsOf = (list: Body[]) => list.map((x) => x.id as number);

/** A member the coordinator added and a program of the plan: what the coordinator (staff) may enroll. */
async function enrollmentBody(): Promise<{ member_id: number; program_id: number }> {
  const program = await one<{ id: number }>(
    `INSERT INTO programs (organization_id, name, program_type) VALUES ($1, $2, 'care_management') RETURNING id`,
    [plan, `Phi Program ${++seq}`],
  );
  const member = await one<{ id: number }>(
    `INSERT INTO members (organization_id, first_name, last_name, created_by) VALUES ($1, 'Noor', $2, $3)
     RETURNING id`,
    [plan, `Enrolled ${++seq}`, coordinator.userId],
  );
  return { member_id: member.id, program_id: program.id };
}

/** An enrollment the coordinator manages (a staff member who enrolls becomes the case manager). */
async function newEnrollment(): Promise<Body> {
  return ok(await inject('POST', '/api/enrollments', coordinator, await enrollmentBody()));
}

/** A record of a new enrollment: POST /api/enrollments/{kind} with `body`. */
async function enrollmentItem(kind: 'activities' | 'notes' | 'goals', body: Body = {}) {
  const enrollment = await newEnrollment();
  const item = await ok(
    await inject('POST', `/api/enrollments/${kind}`, coordinator, { enrollment_id: enrollment.id, ...body }),
  );
  return { enrollment, item };
}

/** A completed activity billed as a billing activity of its program: what the billable activities report lists. */
async function billedActivity(): Promise<{ programId: number; activityId: number }> {
  const body = await enrollmentBody();
  const enrollment = await ok(await inject('POST', '/api/enrollments', coordinator, body));
  const billing = await one<{ id: number }>(
    `INSERT INTO billing_activities (program_id, activity_name, billing_unit, rate_cents_per_unit)
     VALUES ($1, 'Phi care coordination', 'per_encounter', 2500) RETURNING id`,
    [body.program_id],
  );
  const activity = await ok(
    await inject('POST', '/api/enrollments/activities', coordinator, {
      enrollment_id: enrollment.id,
      status: 'completed',
      activity_date: '2026-01-05',
      billing_activity_id: billing.id,
    }),
  );
  return { programId: body.program_id, activityId: activity.id };
}

const JANUARY_2026 = 'start_date=2026-01-01&end_date=2026-01-31';

function enrollmentUpload(enrollmentId: number) {
  return multipart([
    { name: 'enrollment_id', data: String(enrollmentId) },
    { name: 'document_type', data: 'consent_form' },
    { name: 'file', filename: 'consent.txt', type: 'text/plain', data: 'Noor Haddad consents.' },
  ]);
}

/** A smart form of a new enrollment the coordinator manages (the template made once, by the super_admin). */
let formTemplateId = 0;
async function newForm(): Promise<Body> {
  if (!formTemplateId) {
    const template = await ok(
      await inject('POST', '/api/forms/templates', admin, {
        name: 'Phi intake',
        sections: [
          {
            section_id: 'section_1',
            title: 'About',
            fields: [{ field_id: 'field_need', field_type: 'text', label: 'Main need' }],
          },
        ],
      }),
    );
    formTemplateId = template.id;
  }
  const enrollment = await newEnrollment();
  return ok(
    await inject('POST', '/api/forms/instances', coordinator, {
      form_template_id: formTemplateId,
      enrollment_id: enrollment.id,
    }),
  );
}

let workflowTemplateId = 0;
/** A workflow instance of a new enrollment of the coordinator's, its first step (a task for them) run. */
async function newWorkflow(): Promise<Body> {
  if (!workflowTemplateId) {
    const template = await ok(
      await inject('POST', '/api/workflows/templates', admin, {
        name: 'Phi onboarding',
        trigger_type: 'manual',
      }),
    );
    await ok(
      await inject('POST', '/api/workflows/steps', admin, {
        workflow_template_id: template.id,
        step_order: 1,
        step_type: 'task',
        step_name: 'Call Noor',
      }),
    );
    workflowTemplateId = template.id;
  }
  const enrollment = await newEnrollment();
  const instance = await ok(
    await inject('POST', '/api/workflows/instances', coordinator, {
      workflow_template_id: workflowTemplateId,
      enrollment_id: enrollment.id,
    }),
  );
  // This app runs no jobs: the step's job is run here.
  const [execution] = await t.database.query<{ id: number }>(
    'SELECT id FROM workflow_step_executions WHERE instance_id = $1',
    [instance.id],
  );
  await runStepJob(systemContext(t.app.deps, 'phi-reads'), { executionId: execution!.id });
  return instance;
}

async function workflowTask(): Promise<Body> {
  const instance = await newWorkflow();
  const [task] = await t.database.query<{ id: number }>(
    'SELECT id FROM workflow_tasks WHERE instance_id = $1',
    [instance.id],
  );
  return { instance, taskId: task!.id };
}

const CALLS: Record<string, Call> = {
  // Referrals: the queue and its search, details, history, edits, member lookup (000).
  'GET /api/referrals': {
    action: 'referral.list_read',
    prepare: async () => ({ url: '/api/referrals', ids: (b) => idsOf(b.referrals) }),
  },
  'POST /api/referrals': {
    action: 'referral.created',
    change: true,
    prepare: async () => ({ url: '/api/referrals', payload: referralBody(), ids: (b) => [b.id] }),
  },
  'GET /api/referrals/{id}': {
    action: 'referral.read',
    prepare: async () => ({ url: `/api/referrals/${f.referral.id}`, ids: (b) => [b.id] }),
  },
  'PUT /api/referrals/{id}': {
    action: 'referral.status_changed',
    change: true,
    prepare: async () => {
      const r = await newReferral();
      return {
        url: `/api/referrals/${r.id}`,
        payload: { status: 'cancelled', reason: 'Entered twice' },
        ids: (b) => [b.id],
      };
    },
  },
  'PUT /api/referrals/{id}/contact': {
    action: 'referral.contact_updated',
    change: true,
    prepare: async () => ({
      url: `/api/referrals/${f.referral.id}/contact`,
      payload: { emergency_contact_name: 'Sami Haddad', emergency_contact_phone: '(406) 555-0190' },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/referrals/{id}/events': {
    action: 'referral_event.list_read',
    prepare: async () => ({ url: `/api/referrals/${f.referral.id}/events`, ids: (b) => idsOf(b.events) }),
  },
  'POST /api/referrals/member-lookup': {
    action: 'member.lookup',
    prepare: async () => ({
      url: '/api/referrals/member-lookup',
      payload: { medicaid_id: f.referral.medicaid_id },
      ids: (b) => {
        expect(b.found).toBe(true);
        return [f.memberId];
      },
    }),
  },
  'GET /api/referrals/{id}/messages': {
    action: 'outbound_message.list_read',
    prepare: async () => ({ url: `/api/referrals/${f.referral.id}/messages`, ids: (b) => idsOf(b.messages) }),
  },
  // The platform operators' development mailbox: member status texts name the member and go to their phone.
  'GET /api/outbox': {
    action: 'outbound_message.list_read',
    prepare: async () => ({ url: '/api/outbox?page_size=20', as: admin, ids: (b) => idsOf(b.messages) }),
  },
  'GET /api/outbox/{id}': {
    action: 'outbound_message.read',
    prepare: async () => {
      const { id } = await one<{ id: number }>('SELECT id FROM outbound_messages ORDER BY id DESC LIMIT 1');
      return { url: `/api/outbox/${id}`, as: admin, ids: (b) => [b.id] };
    },
  },
  'GET /api/referrals/{id}/screenshots': {
    action: 'web_form_submission.list_read',
    prepare: async () => ({
      url: `/api/referrals/${f.referral.id}/screenshots`,
      ids: (b) => idsOf(b.screenshots),
    }),
  },
  // The member registry (002 §7 "Members"): the coordinator is staff of the plan, so sees the members it added.
  'GET /api/members/': {
    action: 'member.registry_list_read',
    prepare: async () => ({ url: '/api/members/', ids: (b) => b.members.map((m: Body) => m.id) }),
  },
  'POST /api/members/': {
    action: 'member.created',
    change: true,
    prepare: async () => ({
      url: '/api/members/',
      payload: { first_name: 'Noor', last_name: `Registry ${++seq}` },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/members/{id}': {
    action: 'member.read',
    prepare: async () => ({ url: `/api/members/${f.memberId}`, ids: (b) => [b.id] }),
  },
  'GET /api/members/{id}/timeline': {
    action: 'member.timeline_read',
    prepare: async () => ({ url: `/api/members/${f.memberId}/timeline`, ids: () => [f.memberId] }),
  },
  'PUT /api/members/{id}': {
    action: 'member.updated',
    change: true,
    prepare: async () => {
      const m = await ok(
        await inject('POST', '/api/members/', coordinator, {
          first_name: 'Lena',
          last_name: `Edit ${++seq}`,
        }),
      );
      return {
        url: `/api/members/${m.id}`,
        payload: { first_name: 'Lena', last_name: 'Edited' },
        ids: (b) => [b.id],
      };
    },
  },
  // The rows a member import refused (issue #15 item 4): Harbor's administrator imports a file with one bad row.
  'GET /api/members/imports/{id}/refusals': {
    action: 'member_import.refusals_read',
    prepare: async () => {
      const upload = multipart([
        {
          name: 'file',
          filename: 'roster.csv',
          data: 'First Name,Last Name,Medicaid ID\nNoor,Haddad,PHI001\nNoor,,PHI002\n',
        },
      ]);
      const up = await ok(
        await inject('POST', '/api/members/imports', cbo, upload.body, {
          'content-type': upload.contentType,
        }),
      );
      await ok(
        await inject('POST', `/api/members/imports/${up.import.id}/start`, cbo, {
          column_map: { 'First Name': 'first_name', 'Last Name': 'last_name', 'Medicaid ID': 'medicaid_id' },
        }),
      );
      return { url: `/api/members/imports/${up.import.id}/refusals`, as: cbo, ids: () => [up.import.id] };
    },
  },
  'GET /api/referral-members': {
    action: 'member.list_read',
    prepare: async () => ({
      url: '/api/referral-members',
      ids: (b) => b.members.map((m: Body) => m.member_id),
    }),
  },
  // The live feed: the full cards of a page (the claim cards others see name nobody).
  'GET /api/live-feed': {
    action: 'referral.feed_read',
    prepare: async () => ({
      url: '/api/live-feed',
      ids: (b) => idsOf(b.referrals.filter((c: Body) => c.detail === 'full')),
    }),
  },
  'POST /api/referrals/{id}/claim': {
    action: 'referral.claimed',
    change: true,
    prepare: async () => {
      const r = await newReferral();
      return { url: `/api/referrals/${r.id}/claim`, as: cbo, ids: (b) => [b.id] };
    },
  },
  // Case notes and documents (001 §5, 000 §2.7).
  'GET /api/case-notes': {
    action: 'case_note.list_read',
    prepare: async () => ({
      url: `/api/case-notes?referral_id=${f.referral.id}`,
      ids: (b) => idsOf(b.notes),
    }),
  },
  'POST /api/case-notes': {
    action: 'case_note.created',
    change: true,
    prepare: async () => ({
      url: '/api/case-notes',
      payload: { referral_id: f.referral.id, content: 'Noor asked for a Saturday pickup.' },
      ids: (b) => [b.id],
    }),
  },
  'PUT /api/case-notes/{id}': {
    action: 'case_note.updated',
    change: true,
    prepare: async () => ({
      url: `/api/case-notes/${f.note}`,
      payload: { content: `Noor confirmed the pickup (${++seq}).` },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/referrals/{id}/documents': {
    action: 'document.list_read',
    prepare: async () => ({
      url: `/api/referrals/${f.referral.id}/documents`,
      ids: (b) => idsOf(b.documents),
    }),
  },
  'GET /api/referrals/{id}/documents/{docId}': {
    action: 'document.read',
    prepare: async () => ({
      url: `/api/referrals/${f.referral.id}/documents/${f.document}`,
      ids: () => [f.document],
    }),
  },
  // Enrollments and their records (002 §7 "Enrollments"): the coordinator is staff of the plan and the case
  // manager of the enrollments it makes.
  'GET /api/enrollments': {
    action: 'enrollment.list_read',
    prepare: async () => {
      await newEnrollment();
      return { url: '/api/enrollments?page_size=20', ids: (b) => idsOf(b.enrollments) };
    },
  },
  'POST /api/enrollments': {
    action: 'enrollment.created',
    change: true,
    prepare: async () => ({ url: '/api/enrollments', payload: await enrollmentBody(), ids: (b) => [b.id] }),
  },
  'GET /api/enrollments/{id}': {
    action: 'enrollment.read',
    prepare: async () => ({ url: `/api/enrollments/${(await newEnrollment()).id}`, ids: (b) => [b.id] }),
  },
  'PUT /api/enrollments/{id}': {
    action: 'enrollment.status_changed',
    change: true,
    prepare: async () => ({
      url: `/api/enrollments/${(await newEnrollment()).id}`,
      payload: { status: 'active' },
      ids: (b) => [b.id],
    }),
  },
  'POST /api/enrollments/activities': {
    action: 'enrollment_activity.created',
    change: true,
    prepare: async () => ({
      url: '/api/enrollments/activities',
      payload: { enrollment_id: (await newEnrollment()).id, notes: 'Called Noor.' },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/enrollments/{id}/activities': {
    action: 'enrollment_activity.list_read',
    prepare: async () => {
      const { enrollment } = await enrollmentItem('activities');
      return { url: `/api/enrollments/${enrollment.id}/activities`, ids: (b) => idsOf(b.activities) };
    },
  },
  'PUT /api/enrollments/activities/{id}': {
    action: 'enrollment_activity.updated',
    change: true,
    prepare: async () => {
      const { item } = await enrollmentItem('activities');
      return {
        url: `/api/enrollments/activities/${item.id}`,
        payload: { status: 'completed' },
        ids: (b) => [b.id],
      };
    },
  },
  'POST /api/enrollments/notes': {
    action: 'enrollment_note.created',
    change: true,
    prepare: async () => ({
      url: '/api/enrollments/notes',
      payload: { enrollment_id: (await newEnrollment()).id, note_text: 'Noor asked for a morning visit.' },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/enrollments/{id}/notes': {
    action: 'enrollment_note.list_read',
    prepare: async () => {
      const { enrollment } = await enrollmentItem('notes', { note_text: 'Noor is doing well.' });
      return { url: `/api/enrollments/${enrollment.id}/notes`, ids: (b) => idsOf(b.notes) };
    },
  },
  'PUT /api/enrollments/notes/{id}': {
    action: 'enrollment_note.updated',
    change: true,
    prepare: async () => {
      const { item } = await enrollmentItem('notes', { note_text: 'First words.' });
      return {
        url: `/api/enrollments/notes/${item.id}`,
        payload: { note_text: 'Second words.' },
        ids: (b) => [b.id],
      };
    },
  },
  'POST /api/enrollments/goals': {
    action: 'enrollment_goal.created',
    change: true,
    prepare: async () => ({
      url: '/api/enrollments/goals',
      payload: { enrollment_id: (await newEnrollment()).id, goal_text: 'Noor finds stable housing.' },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/enrollments/{id}/goals': {
    action: 'enrollment_goal.list_read',
    prepare: async () => {
      const { enrollment } = await enrollmentItem('goals', { goal_text: 'Noor keeps her appointments.' });
      return { url: `/api/enrollments/${enrollment.id}/goals`, ids: (b) => idsOf(b.goals) };
    },
  },
  'PUT /api/enrollments/goals/{id}': {
    action: 'enrollment_goal.updated',
    change: true,
    prepare: async () => {
      const { item } = await enrollmentItem('goals', { goal_text: 'Noor gets a job.' });
      return {
        url: `/api/enrollments/goals/${item.id}`,
        payload: { status: 'completed' },
        ids: (b) => [b.id],
      };
    },
  },
  'POST /api/enrollments/documents': {
    action: 'enrollment_document.uploaded',
    change: true,
    prepare: async () => {
      const upload = enrollmentUpload((await newEnrollment()).id);
      return {
        url: '/api/enrollments/documents',
        payload: upload.body,
        headers: { 'content-type': upload.contentType },
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/enrollments/{id}/documents': {
    action: 'enrollment_document.list_read',
    prepare: async () => {
      const enrollment = await newEnrollment();
      const upload = enrollmentUpload(enrollment.id);
      await ok(
        await inject('POST', '/api/enrollments/documents', coordinator, upload.body, {
          'content-type': upload.contentType,
        }),
      );
      return { url: `/api/enrollments/${enrollment.id}/documents`, ids: (b) => idsOf(b.documents) };
    },
  },
  'GET /api/enrollments/documents/{id}/download': {
    action: 'enrollment_document.read',
    prepare: async () => {
      const upload = enrollmentUpload((await newEnrollment()).id);
      const doc = await ok(
        await inject('POST', '/api/enrollments/documents', coordinator, upload.body, {
          'content-type': upload.contentType,
        }),
      );
      return { url: `/api/enrollments/documents/${doc.id}/download`, ids: () => [doc.id] };
    },
  },
  // Smart forms (002 §7 "Smart forms"): the coordinator fills the forms of the enrollments it manages; the
  // super_admin reviews.
  'POST /api/forms/instances': {
    action: 'form_instance.created',
    change: true,
    prepare: async () => {
      await newForm();
      const enrollment = await newEnrollment();
      return {
        url: '/api/forms/instances',
        payload: { form_template_id: formTemplateId, enrollment_id: enrollment.id },
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/forms/instances': {
    action: 'form_instance.list_read',
    prepare: async () => {
      await newForm();
      return { url: '/api/forms/instances?page_size=20', ids: (b) => idsOf(b.instances) };
    },
  },
  'GET /api/forms/instances/{id}': {
    action: 'form_instance.read',
    prepare: async () => ({ url: `/api/forms/instances/${(await newForm()).id}`, ids: (b) => [b.id] }),
  },
  'PUT /api/forms/instances/{id}/submit': {
    action: 'form_instance.saved',
    change: true,
    prepare: async () => ({
      url: `/api/forms/instances/${(await newForm()).id}/submit`,
      payload: { field_data: { field_need: 'Noor needs groceries.' }, status: 'draft' },
      ids: (b) => [b.id],
    }),
  },
  'PUT /api/forms/instances/{id}/review': {
    action: 'form_instance.approved',
    change: true,
    prepare: async () => {
      const form = await newForm();
      await ok(
        await inject('PUT', `/api/forms/instances/${form.id}/submit`, coordinator, {
          field_data: { field_need: 'Rent help.' },
          status: 'submitted',
        }),
      );
      return {
        url: `/api/forms/instances/${form.id}/review`,
        as: admin,
        payload: { status: 'approved' },
        ids: (b) => [b.id],
      };
    },
  },
  'PUT /api/forms/instances/{id}/assignment': {
    action: 'form_instance.assigned',
    change: true,
    prepare: async () => ({
      url: `/api/forms/instances/${(await newForm()).id}/assignment`,
      payload: { assigned_to_user_id: coordinator.userId, due_date: '2026-12-31' },
      ids: (b) => [b.id],
    }),
  },
  // Workflows (002 §7 "Workflows and rules"): the coordinator starts one on an enrollment it manages; its first
  // step is a task for the coordinator; the super_admin pauses it.
  'POST /api/workflows/instances': {
    action: 'workflow_instance.started',
    change: true,
    prepare: async () => {
      await newWorkflow();
      const enrollment = await newEnrollment();
      return {
        url: '/api/workflows/instances',
        payload: { workflow_template_id: workflowTemplateId, enrollment_id: enrollment.id },
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/workflows/instances': {
    action: 'workflow_instance.list_read',
    prepare: async () => {
      await newWorkflow();
      return { url: '/api/workflows/instances?page_size=20', ids: (b) => idsOf(b.instances) };
    },
  },
  'GET /api/workflows/instances/{id}': {
    action: 'workflow_instance.read',
    prepare: async () => ({
      url: `/api/workflows/instances/${(await newWorkflow()).id}`,
      ids: (b) => [b.id],
    }),
  },
  'GET /api/workflows/instances/{id}/executions': {
    action: 'workflow_instance.read',
    prepare: async () => {
      const instance = await newWorkflow();
      return { url: `/api/workflows/instances/${instance.id}/executions`, ids: () => [instance.id] };
    },
  },
  'PUT /api/workflows/instances/{id}': {
    action: 'workflow_instance.paused',
    change: true,
    prepare: async () => ({
      url: `/api/workflows/instances/${(await newWorkflow()).id}`,
      as: admin,
      payload: { status: 'paused' },
      ids: (b) => [b.id],
    }),
  },
  'GET /api/workflows/tasks': {
    action: 'workflow_task.list_read',
    prepare: async () => {
      await workflowTask();
      return { url: '/api/workflows/tasks?page_size=20', ids: (b) => idsOf(b.tasks) };
    },
  },
  'PUT /api/workflows/tasks/{id}': {
    action: 'workflow_task.done',
    change: true,
    prepare: async () => {
      const { taskId } = await workflowTask();
      return { url: `/api/workflows/tasks/${taskId}`, payload: { decision: 'done' }, ids: (b) => [b.id] };
    },
  },
  // The billable activities report (issue #15 item 7): managers and administrators only, so the super_admin.
  'GET /api/enrollments/reports/billable': {
    action: 'enrollment_activity.billing_report_read',
    prepare: async () => {
      const { programId } = await billedActivity();
      return {
        url: `/api/enrollments/reports/billable?program_id=${programId}&${JANUARY_2026}`,
        as: admin,
        ids: (b) => [...b.lines, ...b.exceptions].map((x: Body) => x.activity_id as number),
      };
    },
  },
  'GET /api/enrollments/reports/billable/csv': {
    action: 'enrollment_activity.billing_report_exported',
    prepare: async () => {
      const { programId, activityId } = await billedActivity();
      return {
        url: `/api/enrollments/reports/billable/csv?program_id=${programId}&${JANUARY_2026}`,
        as: admin,
        ids: () => [activityId],
      };
    },
  },
  // Matching screens and changes (001 §2.3, §2.9, §4).
  'GET /api/matching/unpublished': {
    action: 'referral.list_read',
    prepare: async () => ({ url: '/api/matching/unpublished', ids: (b) => idsOf(b.referrals) }),
  },
  'GET /api/matching/auto-match': {
    action: 'referral.list_read',
    prepare: async () => ({ url: '/api/matching/auto-match', ids: (b) => idsOf(b.referrals) }),
  },
  'POST /api/referrals/{id}/auto-match': {
    action: 'referral.auto_matched',
    change: true,
    prepare: async () => {
      const r = await newReferral();
      return { url: `/api/referrals/${r.id}/auto-match`, ids: (b) => [b.referral.id] };
    },
  },
  'PUT /api/referrals/{id}/matched-providers/{providerId}': {
    action: 'referral.match_changed',
    change: true,
    prepare: async () => {
      const r = await autoMatched();
      const spare = await addProvider(`Phi Spare Pantry ${++seq}`, 0.5);
      return {
        url: `/api/referrals/${r.id}/matched-providers/${r.providers[0]}`,
        payload: { provider_id: spare },
        ids: (b) => [b.referral.id],
      };
    },
  },
  'DELETE /api/referrals/{id}/matched-providers/{providerId}': {
    action: 'referral.match_removed',
    change: true,
    prepare: async () => {
      const r = await autoMatched();
      return {
        url: `/api/referrals/${r.id}/matched-providers/${r.providers[0]}`,
        ids: (b) => [b.referral.id],
      };
    },
  },
  'PUT /api/referrals/{id}/match': {
    action: 'referral.matched',
    change: true,
    prepare: async () => {
      const r = await newReferral({ use_matching_engine: false });
      return {
        url: `/api/referrals/${r.id}/match`,
        payload: {
          provider_id: f.provider,
          communication_method: 'email',
          contact_value: 'intake@phi-pantry.example.org',
        },
        ids: (b) => [b.referral.id],
      };
    },
  },
  // Provider communications (001 §2.10–§2.16): records, threads, inbox, attachments, voice.
  'GET /api/communications': {
    action: 'communication.list_read',
    prepare: async () => ({
      url: `/api/communications?referral_id=${f.referral.id}`,
      ids: (b) => idsOf(b.communications),
    }),
  },
  'GET /api/referral-communications': {
    action: 'communication.list_read',
    prepare: async () => ({
      url: `/api/referral-communications?referral_id=${f.referral.id}`,
      ids: (b) => idsOf(b.communications),
    }),
  },
  'GET /api/conversations': {
    action: 'conversation.list_read',
    prepare: async () => ({
      url: `/api/conversations?referral_id=${f.referral.id}`,
      ids: (b) => idsOf(b.conversations),
    }),
  },
  'POST /api/conversations/{id}/assign': {
    action: 'conversation.assigned',
    change: true,
    prepare: async () => {
      // A message from a number nobody knows lands in the unmatched inbox; a platform operator (issue #12),
      // acting for the health plan, files it under the plan's referral.
      const inbound = await ok(
        await inject('POST', '/api/outbox/inbound/sms', admin, {
          from_phone: `(406) 555-02${String(++seq % 100).padStart(2, '0')}`,
          body: 'Is there still room for Noor on Saturday?',
        }),
      );
      expect(inbound.matched).toBe(false);
      return {
        url: `/api/conversations/${inbound.conversation_id}/assign`,
        payload: { referral_id: f.referral.id, provider_id: f.provider },
        as: admin,
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/providers/{providerId}/referrals': {
    action: 'referral.list_read',
    prepare: async () => ({ url: `/api/providers/${f.provider}/referrals`, ids: (b) => idsOf(b.referrals) }),
  },
  'GET /api/communications/{id}/attachments/{attachmentId}': {
    action: 'communication.attachment_read',
    prepare: async () => ({ url: f.attachmentUrl, ids: () => [f.emailCommunication] }),
  },
  'POST /api/sms/send': {
    action: 'sms.sent',
    change: true,
    prepare: async () => ({
      url: '/api/sms/send',
      payload: {
        referral_id: f.referral.id,
        provider_id: f.provider,
        message_text: 'Noor can come Saturday.',
      },
      ids: (b) => [b.message.referral_id],
    }),
  },
  'GET /api/sms/conversations': {
    action: 'communication.list_read',
    prepare: async () => ({
      url: `/api/sms/conversations?referral_id=${f.referral.id}&provider_id=${f.provider}`,
      ids: (b) => idsOf(b.messages),
    }),
  },
  'POST /api/email/send': {
    action: 'email.sent',
    change: true,
    prepare: async () => ({
      url: '/api/email/send',
      payload: {
        referral_id: f.referral.id,
        provider_id: f.provider,
        subject: 'Referral for Noor',
        body: 'Noor Haddad needs a food box.',
      },
      ids: (b) => [b.email.referral_id],
    }),
  },
  'GET /api/email/conversations': {
    action: 'communication.list_read',
    prepare: async () => ({
      url: `/api/email/conversations?referral_id=${f.referral.id}&provider_id=${f.provider}`,
      ids: (b) => idsOf(b.emails),
    }),
  },
  // Voice notes (issue #19): typed content with the recording, so no engine is needed here.
  'POST /api/case-notes/voice': {
    action: 'case_note.created',
    change: true,
    prepare: async () => {
      const { body, contentType } = multipart([
        { name: 'referral_id', data: String(f.referral.id) },
        { name: 'content', data: 'Noor asked for a Saturday pickup.' },
        { name: 'audio', filename: 'note.wav', type: 'audio/wav', data: toneWav(1) },
      ]);
      return {
        url: '/api/case-notes/voice',
        payload: body,
        headers: { 'content-type': contentType },
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/case-notes/{id}/audio': {
    action: 'case_note.audio_read',
    prepare: async () => {
      const { body, contentType } = multipart([
        { name: 'referral_id', data: String(f.referral.id) },
        { name: 'content', data: 'Noor confirmed by voice.' },
        { name: 'audio', filename: 'note.wav', type: 'audio/wav', data: toneWav(1) },
      ]);
      const note = await ok(
        await inject('POST', '/api/case-notes/voice', coordinator, body, { 'content-type': contentType }),
      );
      return { url: `/api/case-notes/${note.id}/audio`, ids: () => [note.id] };
    },
  },
  // Voice referral conversations (issue #19): transcript and extracted data name the member.
  'GET /api/voice-conversations/{id}': {
    action: 'voice_conversation.read',
    prepare: async () => {
      const created = await ok(
        await inject('POST', '/api/voice-conversations', coordinator, {
          action: 'create',
          session_id: `phi-reads-session-${++seq}`,
          language: 'en-US',
        }),
      );
      return { url: `/api/voice-conversations/${created.conversation_id}`, ids: (b) => [b.id] };
    },
  },
  'GET /api/voicemails': {
    action: 'voicemail.list_read',
    prepare: async () => ({
      url: `/api/voicemails?referral_id=${f.referral.id}`,
      ids: (b) => idsOf(b.voicemails),
    }),
  },
  'POST /api/voicemails/{id}/mark-read': {
    action: 'voicemail.marked_read',
    change: true,
    prepare: async () => ({ url: `/api/voicemails/${f.voicemail}/mark-read`, ids: (b) => [b.voicemail.id] }),
  },
  'GET /api/voicemails/{id}/audio': {
    action: 'voicemail.audio_read',
    prepare: async () => ({ url: `/api/voicemails/${f.voicemail}/audio`, ids: () => [f.voicemail] }),
  },
  'POST /api/outbox/inbound/voicemail': {
    action: 'voicemail.simulated',
    change: true,
    prepare: async () => {
      const { body, contentType } = multipart([
        { name: 'from_phone', data: f.providerPhone },
        { name: 'audio', filename: 'message.wav', type: 'audio/wav', data: toneWav(1) },
        { name: 'transcription', data: 'Calling back about Noor: Saturday works.' },
      ]);
      return {
        url: '/api/outbox/inbound/voicemail',
        as: admin,
        payload: body,
        headers: { 'content-type': contentType },
        ids: (b) => [b.id],
      };
    },
  },
  'GET /api/call-history': {
    action: 'call.list_read',
    prepare: async () => {
      // The history carries the transcriptions of recordings (issue #19): its read names every call it returned.
      await ok(
        await inject('POST', `/api/providers/${f.provider}/communications/phone`, coordinator, {
          to_number: f.providerPhone,
          referral_id: f.referral.id,
          provider_id: f.provider,
          call_type: 'referral',
          record: false,
        }),
      );
      return { url: `/api/call-history?referral_id=${f.referral.id}`, ids: (b) => idsOf(b.calls) };
    },
  },
  'GET /api/calls/{id}/recording': {
    action: 'call.recording_read',
    prepare: async () => {
      const placed = await ok(
        await inject('POST', `/api/providers/${f.provider}/communications/phone`, coordinator, {
          to_number: f.providerPhone,
          referral_id: f.referral.id,
          provider_id: f.provider,
          call_type: 'referral',
          context_message: 'Calling about the referral for Noor.',
          record: true,
        }),
      );
      // The simulated call rings, is answered, ends and leaves its recording (voice/calls.test.ts).
      const id = placed.call.id as number;
      await eventually(
        async () => {
          const history = await ok(await inject('GET', '/api/call-history', coordinator));
          return history.calls.find((c: Body) => c.id === id && c.recording_url) ?? undefined;
        },
        5000,
        'the simulated call to leave its recording',
      );
      return { url: `/api/calls/${id}/recording`, ids: () => [id] };
    },
  },
  // Calls that need a peer this file does not start.
  'POST /api/providers/{providerId}/communications/webform': {
    covered:
      'web-forms/web-forms.test.ts: Chromium fills a form page served on loopback; one referral.web_form_submitted row',
  },
  // The FHIR API (issue #21, interop/fhir): its answers are application/fhir+json, so the ids are the ones asked for.
  'GET /fhir/Task/{id}': {
    action: 'fhir.read',
    prepare: async () => ({ url: `/fhir/Task/${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'GET /fhir/Task': {
    action: 'fhir.search',
    prepare: async () => ({ url: `/fhir/Task?_id=${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'POST /fhir/Task/_search': {
    action: 'fhir.search',
    prepare: async () => ({
      url: '/fhir/Task/_search',
      payload: `_id=${f.referral.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ids: () => [f.referral.id],
    }),
  },
  'GET /fhir/ServiceRequest/{id}': {
    action: 'fhir.read',
    prepare: async () => ({ url: `/fhir/ServiceRequest/${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'GET /fhir/ServiceRequest': {
    action: 'fhir.search',
    prepare: async () => ({ url: `/fhir/ServiceRequest?_id=${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'POST /fhir/ServiceRequest/_search': {
    action: 'fhir.search',
    prepare: async () => ({
      url: '/fhir/ServiceRequest/_search',
      payload: `_id=${f.referral.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ids: () => [f.referral.id],
    }),
  },
  'GET /fhir/Consent/{id}': {
    action: 'fhir.read',
    prepare: async () => ({ url: `/fhir/Consent/${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'GET /fhir/Consent': {
    action: 'fhir.search',
    prepare: async () => ({ url: `/fhir/Consent?_id=${f.referral.id}`, ids: () => [f.referral.id] }),
  },
  'POST /fhir/Consent/_search': {
    action: 'fhir.search',
    prepare: async () => ({
      url: '/fhir/Consent/_search',
      payload: `_id=${f.referral.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ids: () => [f.referral.id],
    }),
  },
  'GET /fhir/Patient/{id}': {
    action: 'fhir.read',
    prepare: async () => ({ url: `/fhir/Patient/${f.memberId}`, ids: () => [f.memberId] }),
  },
  'GET /fhir/Patient': {
    action: 'fhir.search',
    prepare: async () => ({ url: `/fhir/Patient?_id=${f.memberId}`, ids: () => [f.memberId] }),
  },
  'POST /fhir/Patient/_search': {
    action: 'fhir.search',
    prepare: async () => ({
      url: '/fhir/Patient/_search',
      payload: `_id=${f.memberId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ids: () => [f.memberId],
    }),
  },
  // The FHIR write side: a create or a Task step answers with the referral's Task; its own row names it.
  'POST /fhir/Task': {
    action: 'referral.created',
    change: true,
    prepare: async () => ({
      url: '/fhir/Task',
      payload: JSON.stringify(fixtureTask(9000 + ++seq)),
      headers: { 'content-type': 'application/fhir+json' },
      ids: (b) => [Number(b.id)],
    }),
  },
  'POST /fhir': {
    action: 'referral.created',
    change: true,
    prepare: async () => ({
      url: '/fhir',
      payload: JSON.stringify(fixtureBundle(9000 + ++seq)),
      headers: { 'content-type': 'application/fhir+json' },
      // The Task entry's location, Task/<referral id>.
      ids: (b) => [Number(String(b.entry[2].response.location).split('/')[1])],
    }),
  },
  'PATCH /fhir/Task/{id}': {
    action: 'referral.status_changed',
    change: true,
    prepare: async () => {
      const r = await newReferral();
      return {
        url: `/fhir/Task/${r.id}`,
        payload: JSON.stringify([
          { op: 'replace', path: '/status', value: 'cancelled' },
          { op: 'add', path: '/statusReason', value: { text: 'Entered twice' } },
        ]),
        headers: { 'content-type': 'application/json-patch+json' },
        ids: () => [r.id],
      };
    },
  },
  'PUT /fhir/Task/{id}': {
    action: 'referral.status_changed',
    change: true,
    prepare: async () => {
      const r = await newReferral();
      const task = (await ok(await inject('GET', `/fhir/Task/${r.id}`, coordinator))) as Body;
      return {
        url: `/fhir/Task/${r.id}`,
        payload: JSON.stringify({ ...task, status: 'cancelled', statusReason: { text: 'Entered twice' } }),
        headers: { 'content-type': 'application/fhir+json' },
        ids: () => [r.id],
      };
    },
  },
  'POST /api/providers/{id}/submit-web-form': {
    covered: 'the same run and answer as /communications/webform (web-forms/web-forms.test.ts)',
  },
  'GET /api/events': {
    covered:
      'platform/events.test.ts: each full card sent on a stream writes its row (issue #12, the streams)',
  },
};

/** Every property name of a schema, through $ref, arrays and unions. */
function fieldNames(schema: Body | undefined, out = new Set<string>(), seen = new Set<Body>()): Set<string> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Body | undefined, key: string) => node?.[key], doc);
    return fieldNames(target, out, seen);
  }
  for (const [name, value] of Object.entries((schema.properties ?? {}) as Record<string, Body>)) {
    out.add(name);
    fieldNames(value, out, seen);
  }
  for (const key of ['items', 'additionalProperties']) fieldNames(schema[key], out, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const s of schema[key] ?? []) fieldNames(s, out, seen);
  return out;
}

/** The member fields of an operation's 2xx answers. */
function phiFieldsOf(operation: Body): string[] {
  const names = new Set<string>();
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Body>)) {
    if (!status.startsWith('2')) continue;
    for (const media of Object.values((response.content ?? {}) as Record<string, Body>)) {
      fieldNames(media.schema, names);
    }
  }
  return PHI_FIELDS.filter((f) => names.has(f));
}

/** The ids an audit row names: details.ids for a list, the entity id for one record. */
function namedIds(row: { entity_id: string | null; details: Body }): number[] {
  if (Array.isArray(row.details?.ids)) return row.details.ids as number[];
  return row.entity_id === null ? [] : [Number(row.entity_id)];
}

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

type AuditRow = {
  id: number;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  organization_id: number | null;
  details: Body;
};

async function lastAuditId(): Promise<number> {
  return (await one<{ id: number | null }>('SELECT max(id)::int AS id FROM audit_log')).id ?? 0;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-phi-reads-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, INBOUND_EMAIL_TOKEN: INBOUND_TOKEN } });
  configureVoiceDriver(t.app.deps, {
    timings: { ringingMs: 20, answeredMs: 40, completedMs: 120 },
    recordingSeconds: 1,
  });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const mark = operation[PHI_EXTENSION] as { entity_type: string } | undefined;
      if (mark) phiRoutes.set(`${method.toUpperCase()} ${route}`, mark.entity_type);
    }
  }

  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  coordinator = await caller('coordinator@trust.demo', plan);
  cbo = await caller('cbo@trust.demo', harbor);
  admin = await caller('admin@trust.demo', plan);

  // Five providers for auto-match (it keeps the 4 nearest), the first one with a phone and an address.
  f.provider = await addProvider('Phi Test Pantry', 0.2);
  await t.database.query('UPDATE providers SET phone = $2, email = $3 WHERE id = $1', [
    f.provider,
    f.providerPhone,
    'intake@phi-pantry.example.org',
  ]);
  for (let i = 1; i <= 4; i++) await addProvider(`Phi Test Pantry ${i}`, i);

  f.referral = await newReferral();
  f.memberId = (
    await one<{ member_id: number }>('SELECT member_id FROM referrals WHERE id = $1', [f.referral.id])
  ).member_id;
  await ok(await inject('POST', '/api/referrals', coordinator, referralBody({ use_matching_engine: false })));
  f.note = (
    await ok(
      await inject('POST', '/api/case-notes', coordinator, {
        referral_id: f.referral.id,
        content: 'Noor prefers a morning pickup.',
      }),
    )
  ).id;
  const upload = multipart([
    { name: 'file', filename: 'intake.txt', type: 'text/plain', data: 'Noor Haddad, intake form' },
  ]);
  f.document = (
    await ok(
      await inject('POST', `/api/referrals/${f.referral.id}/documents`, coordinator, upload.body, {
        'content-type': upload.contentType,
      }),
    )
  ).id;
  await t.database.query(
    `INSERT INTO web_form_submissions (referral_id, organization_id, page_url, page_title, fields_filled,
       screenshot_before, screenshot_after, form_submitted, submission_success, message)
     VALUES ($1, $2, 'https://intake.example.org/form', 'Intake form', '{}', 'iVBORw0KGgoBEFORE',
       'iVBORw0KGgoAFTER', true, true, 'Form submitted successfully!')`,
    [f.referral.id, plan],
  );
  // An SMS thread with the provider about the referral, and an email with an attachment.
  await ok(
    await inject('POST', '/api/sms/send', coordinator, {
      referral_id: f.referral.id,
      provider_id: f.provider,
      message_text: 'Can you take Noor this week?',
    }),
  );
  const sent = await ok(
    await inject('POST', '/api/email/send', coordinator, {
      referral_id: f.referral.id,
      provider_id: f.provider,
      subject: 'Referral for Noor',
      body: 'Noor Haddad needs a food box.',
    }),
  );
  const { external_id } = await one<{ external_id: string }>(
    'SELECT external_id FROM communications WHERE id = $1',
    [sent.email.id],
  );
  // The provider answers it with a file (the inbound mail webhook, threaded by In-Reply-To).
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/email/inbound',
    headers: { authorization: `Bearer ${INBOUND_TOKEN}` },
    payload: {
      from: 'intake@phi-pantry.example.org',
      to: 'no-reply@trust.local',
      subject: 'Re: Referral for Noor',
      text: 'Her signed intake form is attached.',
      in_reply_to: external_id,
      attachments: [
        {
          filename: 'intake.txt',
          content_type: 'text/plain',
          content: Buffer.from('Noor Haddad').toString('base64'),
        },
      ],
    },
  });
  f.emailCommunication = (await ok(reply)).communication_id;
  const attachment = await one<{ id: number }>(
    'SELECT id FROM communication_attachments WHERE communication_id = $1',
    [f.emailCommunication],
  );
  f.attachmentUrl = `/api/communications/${f.emailCommunication}/attachments/${attachment.id}`;
  // The provider calls back and leaves a voicemail: it lands on the thread's organization and referral.
  const { body, contentType } = multipart([
    { name: 'from_phone', data: f.providerPhone },
    { name: 'audio', filename: 'message.wav', type: 'audio/wav', data: toneWav(1) },
    { name: 'transcription', data: 'Calling back about Noor: we have a box for her.' },
  ]);
  const voicemail = await ok(
    await inject('POST', '/api/outbox/inbound/voicemail', admin, body, { 'content-type': contentType }),
  );
  expect(voicemail.referral_id).toBe(f.referral.id);
  f.voicemail = voicemail.id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the PHI routes of the OpenAPI document (issue #12: every PHI read is audited)', () => {
  it('marks every route whose answer names members with x-phi, and this file calls each one', () => {
    const withFields: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (phiFieldsOf(operation).length > 0) withFields.push(`${method.toUpperCase()} ${route}`);
      }
    }
    // A route that answers with a member's fields declares it (config.phi), or says here why not.
    expect(withFields.filter((key) => !phiRoutes.has(key) && !(key in NOT_PHI_ROUTES))).toEqual([]);
    // The exceptions stay true: still in the document, still with such fields, still not marked.
    expect(
      Object.keys(NOT_PHI_ROUTES).filter((key) => !withFields.includes(key) || phiRoutes.has(key)),
    ).toEqual([]);
    // Every marked route is called below, and every call below is of a marked route.
    expect([...phiRoutes.keys()].filter((key) => !(key in CALLS))).toEqual([]);
    expect(Object.keys(CALLS).filter((key) => !phiRoutes.has(key))).toEqual([]);
  });

  for (const [key, call] of Object.entries(CALLS)) {
    if ('covered' in call) continue;
    it(`${key} writes one audit row naming what it returned (${call.action})`, async () => {
      const entityType = phiRoutes.get(key);
      expect(entityType, `${key} is not marked x-phi`).toBeDefined();
      const [method, template] = key.split(' ') as [string, string];
      const prepared = await call.prepare();
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[0-9]+')}(\\?|$)`);
      expect(prepared.url, 'the call is of this route').toMatch(pattern);
      const who = prepared.as ?? coordinator;

      const before = await lastAuditId();
      const res = await inject(method, prepared.url, who, prepared.payload, prepared.headers);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const json = /^application\/(fhir\+)?json/.test(String(res.headers['content-type'] ?? ''));
      const ids = sorted(prepared.ids(json ? res.json() : {}));
      expect(ids.length, 'the call returned PHI to audit').toBeGreaterThan(0);

      // The caller's rows of this request (a simulated call step of another request writes none as them).
      const rows = await t.database.query<AuditRow>(
        `SELECT id, action, entity_type, entity_id, organization_id, details FROM audit_log
          WHERE id > $1 AND actor_user_id = $2 ORDER BY id`,
        [before, who.userId],
      );
      const own = rows.filter((r) => r.action === call.action);
      expect(
        own.map((r) => r.action),
        JSON.stringify(rows),
      ).toEqual([call.action]);
      const [row] = own as [AuditRow];
      expect(row.entity_type).toBe(entityType);
      expect(row.organization_id).toBe(who.org);
      if (call.change) {
        // The change's row names the record the answer carries; no read row is written besides.
        expect(ids.filter((id) => !namedIds(row).includes(id))).toEqual([]);
        expect(rows.filter((r) => r.id !== row.id && /read$/.test(r.action))).toEqual([]);
      } else {
        // One row, naming exactly what was returned, whatever the page held.
        expect(rows).toHaveLength(1);
        expect(sorted(namedIds(row))).toEqual(ids);
      }
    });
  }

  it('audits an edit that changes nothing as the read it is (its answer is the whole record)', async () => {
    const r = await newReferral();
    const note = await ok(
      await inject('POST', '/api/case-notes', coordinator, { referral_id: r.id, content: 'Same words.' }),
    );
    const unchanged: [string, string, unknown, string, number][] = [
      ['PUT', `/api/referrals/${r.id}`, { status: 'pending' }, 'referral.read', r.id],
      [
        'PUT',
        `/api/referrals/${r.id}/contact`,
        { emergency_contact_name: null, emergency_contact_phone: null },
        'referral.read',
        r.id,
      ],
      ['PUT', `/api/case-notes/${note.id}`, { content: 'Same words.' }, 'case_note.read', note.id],
    ];
    for (const [method, url, payload, action, id] of unchanged) {
      const before = await lastAuditId();
      await ok(await inject(method, url, coordinator, payload));
      const rows = await t.database.query<AuditRow>(
        'SELECT id, action, entity_type, entity_id, organization_id, details FROM audit_log WHERE id > $1',
        [before],
      );
      expect(
        rows.map((x) => [x.action, x.entity_id]),
        url,
      ).toEqual([[action, String(id)]]);
    }
  });

  it('writes no row for a read that returned no member', async () => {
    const before = await lastAuditId();
    const res = await inject('GET', '/api/referrals?search=nobody-has-this-name-zq', coordinator);
    expect((await ok(res)).referrals).toEqual([]);
    expect(
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE id > $1', [before])).n,
    ).toBe(0);
  });
});
