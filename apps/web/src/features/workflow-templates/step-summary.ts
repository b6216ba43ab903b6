import { orgRoleLabel, type WorkflowStep } from '@trust/domain';

// One line per step in the Workflow Designer: what the step will do, in words.

const WHO: Record<string, string> = {
  case_manager: 'the case manager',
  member: 'the member',
};

function who(
  kind: unknown,
  userId: unknown,
  role: unknown,
  userName: (id: number) => string | undefined,
): string {
  if (kind === 'user') return userName(Number(userId)) ?? `user #${userId}`;
  if (kind === 'role') return `every ${orgRoleLabel(String(role))}`;
  return WHO[String(kind)] ?? String(kind);
}

export function stepSummary(
  step: WorkflowStep,
  names: { user: (id: number) => string | undefined; form: (id: number) => string | undefined },
): string {
  const c = step.step_config as Record<string, unknown>;
  switch (step.step_type) {
    case 'task': {
      const parts = [`Assigned to ${who(c.assignee, c.assignee_user_id, c.assignee_role, names.user)}`];
      if (c.due_in_hours) parts.push(`due in ${c.due_in_hours} h`);
      if (Array.isArray(c.outcomes) && c.outcomes.length > 0)
        parts.push(`outcomes: ${c.outcomes.join(', ')}`);
      return parts.join(' · ');
    }
    case 'notification': {
      const channels = [c.send_email && 'email', c.send_sms && 'text message'].filter(Boolean);
      const to = who(c.recipient, c.recipient_user_id, c.recipient_role, names.user);
      return `Notifies ${to}: “${c.title}”${channels.length ? ` (also by ${channels.join(' and ')})` : ''}`;
    }
    case 'approval':
      return `Approved by a ${orgRoleLabel(String(c.approver_role))} · when rejected: ${
        c.on_reject === 'go_to' ? `go to step ${c.reject_step_order}` : 'the workflow fails'
      }`;
    case 'condition':
      return `If ${JSON.stringify(c.expression)} · when false: ${
        c.on_false === 'go_to' ? `go to step ${c.false_step_order}` : 'the workflow ends'
      }`;
    case 'api_call':
      return `${c.method} ${c.url} · ${c.retries} retries, ${c.timeout_seconds} s timeout`;
    case 'wait':
      return c.mode === 'until_date'
        ? `Waits until the enrollment's ${String(c.date_field).replace('_', ' ')}`
        : `Waits ${c.duration} ${c.unit}`;
    case 'form':
      return `Assigns “${names.form(Number(c.form_template_id)) ?? `form #${c.form_template_id}`}” and waits for it${
        c.due_in_days ? ` (due in ${c.due_in_days} days)` : ''
      }`;
  }
}
