import { z } from 'zod';

/**
 * The domain events (issue #13 item 3, DESIGN.md "Domain events"): what happened, in ids and small facts, never
 * PHI (a payload travels through PostgreSQL NOTIFY and may reach every server process). A module publishes them
 * after its transaction commits (platform/domain-events.ts) and others subscribe through their manifests; the
 * live feed, the inbox and the timeline are subscribers, and so will the workflow engine and automation rules be.
 *
 * Naming: `<entity>.<past tense>`. A payload says whose it is (organization ids) so subscribers can route it
 * without reading the record. Add an event here, with its payload schema, before publishing it.
 */
const id = z.number().int();
const orgIds = {
  /** The organization that owns the record. */
  organization_id: id,
};

export const DOMAIN_EVENTS = {
  /** A referral's history grew (every referral event row: created, updated, status, note, document…). */
  'referral.changed': z.object({
    referral_id: id,
    ...orgIds,
    /** The matched provider's organization, when there is one: it sees the referral too. */
    provider_organization_id: id.nullable(),
    referral_number: z.string(),
    status: z.string(),
    /** The history event type (referral_events.type). */
    change: z.string(),
    /** Organizations that must not be told (an internal note is not announced to the provider's organization). */
    hidden_from: z.array(id).default([]),
  }),
  'referral.created': z.object({ referral_id: id, ...orgIds }),
  'referral.status_changed': z.object({
    referral_id: id,
    ...orgIds,
    from: z.string().nullable(),
    to: z.string(),
    provider_id: id.nullable(),
  }),
  /** The referral was sent to a provider (details: referral-sending); `method` is the channel (email, sms, fax…). */
  'match.sent': z.object({ referral_id: id, ...orgIds, provider_id: id, method: z.string() }),
  /** The matched provider answered: in the app's panel (channel 'web') or by text ('sms'). */
  'provider.replied': z.object({
    referral_id: id,
    ...orgIds,
    provider_id: id,
    answer: z.enum(['accepted', 'declined']),
    channel: z.string(),
  }),
  /** A message was recorded on a conversation (inbound or outbound, any channel) or its delivery changed. */
  'communication.recorded': z.object({
    communication_id: id,
    conversation_id: id.nullable(),
    /** Null for a message nobody could place yet (platform operators triage it). */
    organization_id: id.nullable(),
    referral_id: id.nullable(),
    provider_id: id.nullable(),
    channel: z.string(),
    direction: z.string(),
    status: z.string(),
    /** 'created' for a new message, 'updated' for a delivery report or a change of its state. */
    change: z.enum(['created', 'updated']),
  }),
  /** A conversation's state changed (read, assigned, filed). */
  'conversation.changed': z.object({
    conversation_id: id,
    organization_id: id.nullable(),
    unread_count: z.number().int().optional(),
  }),
  // --- Enrollments (modules/care/enrollments; 002 §9 rule triggers and workflow triggers listen to these) ---
  /** A member was enrolled in a program. */
  'enrollment.created': z.object({
    enrollment_id: id,
    ...orgIds,
    member_id: id,
    program_id: id,
    status: z.string(),
  }),
  /** The enrollment state machine took a step (care/enrollments/lifecycle.ts). */
  'enrollment.status_changed': z.object({
    enrollment_id: id,
    ...orgIds,
    member_id: id,
    program_id: id,
    from: z.string(),
    to: z.string(),
  }),
  /** An activity was recorded on an enrollment. */
  'activity.created': z.object({
    activity_id: id,
    enrollment_id: id,
    ...orgIds,
    activity_type: z.string(),
    status: z.string(),
  }),
  /** An activity became completed (created completed, or changed to completed). */
  'activity.completed': z.object({
    activity_id: id,
    enrollment_id: id,
    ...orgIds,
    activity_type: z.string(),
    billing_activity_id: id.nullable(),
  }),
  /** A document was uploaded to an enrollment (its type only: a file name can carry PHI). */
  'document.uploaded': z.object({
    document_id: id,
    enrollment_id: id,
    ...orgIds,
    document_type: z.string(),
  }),
  /** A goal of an enrollment became completed. */
  'goal.completed': z.object({ goal_id: id, enrollment_id: id, ...orgIds }),
  /** A member was deleted from the registry (their enrollments and what hangs on them went with them). */
  'member.deleted': z.object({ member_id: id, ...orgIds }),
  /** A program was deleted (its billing activities and enrollments went with it). */
  'program.deleted': z.object({ program_id: id, ...orgIds }),
  // --- Smart forms (modules/care/forms; issue #16: the workflow engine's `form` step waits on form.submitted) ---
  /** A form of an enrollment was submitted (its answers are not in the event: read them through the service). */
  'form.submitted': z.object({
    form_instance_id: id,
    form_template_id: id,
    enrollment_id: id,
    ...orgIds,
    form_type: z.string(),
  }),
  /** A manager marked a submitted form reviewed, or approved it. */
  'form.reviewed': z.object({
    form_instance_id: id,
    form_template_id: id,
    enrollment_id: id,
    ...orgIds,
    status: z.enum(['reviewed', 'approved']),
  }),
  // --- Workflows (modules/care/workflows; issue #17) ---
  /** A workflow instance started, moved to another step, or changed status. */
  'workflow.instance_changed': z.object({
    workflow_instance_id: id,
    workflow_template_id: id,
    enrollment_id: id,
    ...orgIds,
    status: z.string(),
    current_step_order: z.number().int(),
  }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof DOMAIN_EVENTS)[N]>;
export type DomainEventInput<N extends DomainEventName> = z.input<(typeof DOMAIN_EVENTS)[N]>;
/** One event as it travels: its name, a unique id (subscribers use it to do a side effect once), when, and data. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  id: string;
  name: N;
  at: string;
  data: DomainEventPayload<N>;
  /**
   * How many automation-rule actions led to this event (issue #17 loop guard): 0 or absent for a person's or a
   * workflow's change, 1 for a change an action made, 2 for a change an action made because of that one…
   */
  automation_depth?: number;
};
