import type { WorkflowStepConfig } from '@trust/domain';
import { queueEmail, queueSms } from '../../../../adapters/outbound.ts';
import { notifyUsers } from '../../../communications/notifications/service.ts';
import { recipientsOf } from './people.ts';
import { fillPlaceholders, messageVariables, type StepResult, type StepRun } from './types.ts';

// `notification` steps (issue #17 item 2): an in-app notification to a user, a role or the case manager, and when
// configured an email or a text message through the outbox (adapters/outbound.ts), to them or to the member. All of
// it is written in the execution's transaction, so a retried step never sends twice.

export async function runNotification(run: StepRun): Promise<StepResult> {
  const config = run.config as WorkflowStepConfig<'notification'>;
  const vars = messageVariables(run);
  const title = fillPlaceholders(config.title, vars);
  const message = fillPlaceholders(config.message, vars);
  const org = run.instance.organizationId;
  const common = { organizationId: org, category: 'workflow_notification', phi: true } as const;

  if (config.recipient === 'member') {
    let emails = 0;
    let texts = 0;
    if (config.send_email && run.facts.memberEmail) {
      await queueEmail(run.ctx.deps, run.tx, {
        ...common,
        to: run.facts.memberEmail,
        subject: title,
        text: message,
      });
      emails++;
    }
    if (config.send_sms && run.facts.memberPhone) {
      await queueSms(run.ctx.deps, run.tx, { ...common, to: run.facts.memberPhone, body: message });
      texts++;
    }
    if (emails + texts === 0) {
      return {
        kind: 'fail',
        error: 'The member has no email address or phone number for this notification.',
      };
    }
    return { kind: 'complete', output: { recipient: 'member', emails, texts } };
  }

  const to = await recipientsOf(run, config.recipient, config.recipient_user_id, config.recipient_role);
  if (!to.ok) return { kind: 'fail', error: to.error };
  const inApp = await notifyUsers(run.ctx, run.tx, {
    organizationId: org,
    userIds: to.people.map((p) => p.id),
    title,
    body: message,
    link: `/enrollments-view/${run.facts.id}`,
    sourceType: 'workflow',
    dedupeKey: `workflow-execution:${run.execution.id}`,
  });
  let emails = 0;
  let texts = 0;
  for (const person of to.people) {
    if (config.send_email && person.email) {
      await queueEmail(run.ctx.deps, run.tx, {
        ...common,
        userId: person.id,
        to: person.email,
        subject: title,
        text: message,
      });
      emails++;
    }
    if (config.send_sms && person.phone) {
      await queueSms(run.ctx.deps, run.tx, { ...common, userId: person.id, to: person.phone, body: message });
      texts++;
    }
  }
  return { kind: 'complete', output: { recipients: to.people.length, in_app: inApp, emails, texts } };
}
