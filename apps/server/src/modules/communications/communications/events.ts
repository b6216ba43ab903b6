import {
  COMMUNICATION_EVENTS,
  type CommunicationChannel,
  type CommunicationDirection,
  type CommunicationEventData,
  type EventAudience,
} from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../platform/domain-events.ts';
import type * as repo from './repo.ts';

// The inbox's events (issue #13 item 3): a change publishes a domain event with its transaction
// ('communication.recorded', 'conversation.changed'); every server process hears it after the commit and turns
// it into the Server-Sent Event its browsers have always received (COMMUNICATION_EVENTS, same data, same
// audience). The workflow engine and rules will subscribe to the same domain events.

/**
 * Who hears of a record: its organization, or the platform operators for an unmatched one (the only ones who
 * triage it: canTriageUnmatched), never every signed-in user (issue #12 minimum necessary).
 */
export function communicationAudience(organizationId: number | null): EventAudience {
  return organizationId === null ? { kind: 'platform_operators' } : { kind: 'org', org_id: organizationId };
}

/** 'communication.recorded' for a new record or a change of one, in the transaction of `ctx`. */
export async function publishRecorded(
  ctx: ServiceContext,
  input: { row: repo.CommunicationRow; change: 'created' | 'updated' },
) {
  const { row, change } = input;
  await ctx.deps.domainEvents.publish(ctx.db, 'communication.recorded', {
    communication_id: row.id,
    conversation_id: row.conversationId,
    organization_id: row.organizationId,
    referral_id: row.referralId,
    provider_id: row.providerId,
    channel: row.channel,
    direction: row.direction,
    status: row.status,
    change,
  });
}

/** 'conversation.changed' for the inbox of `organizationId` (null: the unmatched one). */
export async function publishConversationChanged(
  ctx: ServiceContext,
  change: { conversationId: number; organizationId: number | null; unreadCount?: number },
) {
  await ctx.deps.domainEvents.publish(ctx.db, 'conversation.changed', {
    conversation_id: change.conversationId,
    organization_id: change.organizationId,
    ...(change.unreadCount === undefined ? {} : { unread_count: change.unreadCount }),
  });
}

/** The manifest's subscriptions: each process fans the domain events out to its own open streams. */
export function communicationSubscriptions(deps: AppDeps): DomainEventSubscriptions {
  return {
    'communication.recorded': ({ data }) => {
      const sse: CommunicationEventData = {
        id: data.communication_id,
        conversation_id: data.conversation_id,
        referral_id: data.referral_id,
        provider_id: data.provider_id,
        method_type: data.channel as CommunicationChannel,
        direction: data.direction as CommunicationDirection,
        status: data.status,
      };
      const type = data.change === 'created' ? COMMUNICATION_EVENTS.created : COMMUNICATION_EVENTS.updated;
      deps.events.deliverLocal(type, communicationAudience(data.organization_id), sse);
    },
    'conversation.changed': ({ data }) => {
      deps.events.deliverLocal(
        COMMUNICATION_EVENTS.conversationChanged,
        communicationAudience(data.organization_id),
        data.unread_count === undefined
          ? { id: data.conversation_id }
          : { id: data.conversation_id, unread_count: data.unread_count },
      );
    },
  };
}
