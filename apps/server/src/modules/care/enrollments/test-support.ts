import type { DomainEvent, Enrollment, EnrollmentCreateInput } from '@trust/domain';
import { expect } from 'vitest';
import { api, bearer, login, one, orgId, type TestApp } from '../../../../test/helpers.ts';

// A small local factory for the enrollment tests: programs, billing activities and members are written with SQL
// (their own modules are built beside this one), enrollments through the API.

export type Demo = {
  plan: number;
  harbor: number;
  /** Tokens by role in the health plan: orgadmin (org_admin), manager, staff (coordinator), staff2 (system), viewer, admin (super_admin); cbo is Harbor's org_admin. */
  orgadmin: string;
  manager: string;
  staff: string;
  staff2: string;
  viewer: string;
  admin: string;
  cbo: string;
  ids: { manager: number; staff: number; staff2: number; viewer: number; orgadmin: number };
};

async function userId(t: TestApp, email: string): Promise<number> {
  return (await one<{ id: number }>(t, 'SELECT id FROM users WHERE email = $1', [email])).id;
}

export async function signInDemo(t: TestApp): Promise<Demo> {
  const [orgadmin, manager, staff, staff2, viewer, admin, cbo] = await Promise.all(
    [
      'orgadmin@trust.demo',
      'manager@trust.demo',
      'coordinator@trust.demo',
      'system@trust.demo',
      'viewer@trust.demo',
      'admin@trust.demo',
      'cbo@trust.demo',
    ].map((email) => login(t.app, email)),
  );
  return {
    plan: await orgId(t, 'Golden Valley Health Plan'),
    harbor: await orgId(t, 'Harbor Community Services'),
    orgadmin: orgadmin!,
    manager: manager!,
    staff: staff!,
    staff2: staff2!,
    viewer: viewer!,
    admin: admin!,
    cbo: cbo!,
    ids: {
      manager: await userId(t, 'manager@trust.demo'),
      staff: await userId(t, 'coordinator@trust.demo'),
      staff2: await userId(t, 'system@trust.demo'),
      viewer: await userId(t, 'viewer@trust.demo'),
      orgadmin: await userId(t, 'orgadmin@trust.demo'),
    },
  };
}

let seq = 0;

/** A program of the organization (active, no capacity limit unless said). */
export async function makeProgram(
  t: TestApp,
  organizationId: number,
  values: { name?: string; capacity?: number | null; isActive?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const name = values.name ?? `Enrollment Test Program ${++seq}`;
  const row = await one<{ id: number }>(
    t,
    `INSERT INTO programs (organization_id, name, program_type, is_active, capacity)
     VALUES ($1, $2, 'care_management', $3, $4) RETURNING id`,
    [organizationId, name, values.isActive ?? true, values.capacity ?? null],
  );
  return { id: row.id, name };
}

export async function makeBillingActivity(
  t: TestApp,
  programId: number,
  name = 'Outreach call',
): Promise<number> {
  return (
    await one<{ id: number }>(
      t,
      `INSERT INTO billing_activities (program_id, activity_name, billing_unit, rate_cents_per_unit, activity_type)
       VALUES ($1, $2, '15_minutes', 2500, 'outreach') RETURNING id`,
      [programId, name],
    )
  ).id;
}

/** A member of the organization, added by `createdBy` when given. */
export async function makeMember(
  t: TestApp,
  organizationId: number,
  values: { firstName?: string; lastName?: string; createdBy?: number | null } = {},
): Promise<{ id: number; name: string }> {
  const firstName = values.firstName ?? 'Enid';
  const lastName = values.lastName ?? `Rollo${++seq}`;
  const row = await one<{ id: number }>(
    t,
    `INSERT INTO members (organization_id, first_name, last_name, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [organizationId, firstName, lastName, values.createdBy ?? null],
  );
  return { id: row.id, name: `${firstName} ${lastName}` };
}

export function call(t: TestApp) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    org?: number,
    payload?: unknown,
  ) => api(t)(method, url, token, org, payload);
}

/** POST /api/enrollments/ as `token` acting for `org`; expects 201. */
export async function enroll(
  t: TestApp,
  token: string,
  org: number,
  body: EnrollmentCreateInput,
): Promise<Enrollment> {
  const res = await api(t)('POST', '/api/enrollments/', token, org, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Enrollment;
}

export function headers(token: string, org: number) {
  return bearer(token, org);
}

/** The audit rows of an action about one entity, oldest first. */
export async function auditRows(t: TestApp, action: string, entityId: number) {
  return t.database.query<{
    actor_user_id: number;
    organization_id: number;
    details: Record<string, unknown>;
  }>(
    'SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = $1 AND entity_id = $2 ORDER BY id',
    [action, String(entityId)],
  );
}

/** Collects the domain events of this app; `settled()` waits until every one committed so far was heard. */
export function listenToEvents(t: TestApp) {
  const heard: DomainEvent[] = [];
  let markers = 0;
  const hear = (event: DomainEvent) => {
    heard.push(event);
  };
  t.app.deps.domainEvents.subscribe({
    'enrollment.created': hear,
    'enrollment.status_changed': hear,
    'activity.created': hear,
    'activity.completed': hear,
    'document.uploaded': hear,
    'goal.completed': hear,
  });
  return {
    heard,
    async settled() {
      const marker = --markers;
      await t.app.deps.domainEvents.publish(t.database.db, 'goal.completed', {
        goal_id: marker,
        enrollment_id: marker,
        organization_id: marker,
      });
      const deadline = Date.now() + 5000;
      while (!heard.some((e) => (e.data as { goal_id?: number }).goal_id === marker)) {
        if (Date.now() > deadline) throw new Error('the marker event never arrived');
        await new Promise((r) => setTimeout(r, 10));
      }
      await t.app.deps.domainEvents.idle();
    },
    about(enrollmentId: number) {
      return heard
        .filter((e) => (e.data as { enrollment_id?: number }).enrollment_id === enrollmentId)
        .map((e) => [e.name, e.data] as const);
    },
  };
}
