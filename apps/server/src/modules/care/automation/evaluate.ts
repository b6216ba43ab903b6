import {
  AUTOMATION_ACTION_LABELS,
  type AutomationActionType,
  evaluateJsonLogic,
  parseJson,
} from '@trust/domain';
import type { EnrollmentFacts, RuleRow } from './repo.ts';

// Whether a rule matches an event (002 §3 trigger_conditions: key/value pairs; issue #17 item 4): every pair must
// hold. A key names a fact of the event (to_status, activity_type, document_type…) or of its enrollment
// (enrollment_status, priority_level); `expression` is JSON Logic over { event, enrollment, program }. The same
// function answers "Test rule", so a test shows exactly what a real event would do.

/** The facts a condition reads: the event's own fields, and the enrollment's. */
export function factsOf(eventData: Record<string, unknown>, enrollment: EnrollmentFacts | undefined) {
  return {
    flat: {
      ...Object.fromEntries(Object.entries(eventData).map(([k, v]) => [k, v === null ? '' : String(v)])),
      // enrollment.status_changed carries `from` and `to`; the conditions name them from_status and to_status.
      ...(eventData.from === undefined ? {} : { from_status: String(eventData.from) }),
      ...(eventData.to === undefined ? {} : { to_status: String(eventData.to) }),
      enrollment_status: enrollment?.status ?? '',
      priority_level: enrollment?.priorityLevel ?? '',
    } as Record<string, string>,
    tree: {
      event: eventData,
      enrollment: enrollment
        ? { id: enrollment.id, status: enrollment.status, priority_level: enrollment.priorityLevel }
        : null,
      program: enrollment
        ? { id: enrollment.programId, name: enrollment.programName, program_type: enrollment.programType }
        : null,
    },
  };
}

export function matchRule(
  rule: Pick<RuleRow, 'triggerConditions' | 'programId'>,
  eventData: Record<string, unknown>,
  enrollment: EnrollmentFacts | undefined,
): { matched: boolean; reason: string | null } {
  if (rule.programId !== null && enrollment?.programId !== rule.programId) {
    return { matched: false, reason: "The enrollment is not in the rule's program." };
  }
  const facts = factsOf(eventData, enrollment);
  for (const [key, value] of Object.entries((rule.triggerConditions ?? {}) as Record<string, string>)) {
    if (key === 'cron') continue;
    if (key === 'expression') {
      if (!evaluateJsonLogic(parseJson(value), facts.tree)) {
        return { matched: false, reason: 'The expression is false for this event.' };
      }
      continue;
    }
    if (facts.flat[key] !== value) {
      return { matched: false, reason: `${key} is "${facts.flat[key] ?? ''}", not "${value}".` };
    }
  }
  return { matched: true, reason: null };
}

/** What an action would do, in words (Test rule; nothing is done). */
export function describeAction(type: AutomationActionType, config: Record<string, unknown>): string {
  const label = AUTOMATION_ACTION_LABELS[type];
  switch (type) {
    case 'send_notification':
      return `${label} "${config.title}" to ${config.recipient === 'role' ? `every ${config.role}` : config.recipient === 'user' ? `user ${config.user_id}` : 'the case manager'}.`;
    case 'create_activity':
      return `${label}: ${config.activity_type}, ${config.status}, ${Number(config.days_from_now ?? 0) === 0 ? 'today' : `in ${config.days_from_now} days`}.`;
    case 'start_workflow':
      return `${label} ${config.workflow_template_id} for the enrollment.`;
    case 'update_enrollment':
      return `${label}: ${[config.status ? `status → ${config.status}` : null, config.priority_level ? `priority → ${config.priority_level}` : null].filter(Boolean).join(', ')}.`;
    case 'send_email':
      return `${label} "${config.subject}" to ${config.to === 'address' ? config.address : config.to === 'member' ? 'the member' : 'the case manager'}.`;
  }
}
