import {
  COMMUNICATION_MESSAGES,
  type CommunicationChannel,
  type CommunicationDirection,
  type ReferralEventType,
  toE164,
} from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { noteOnReferralTimeline } from '../../referrals/referrals/history.ts';
import { sealBody } from './body.ts';
import { publishRecorded } from './events.ts';
import * as repo from './repo.ts';

// Provider communications, whatever the channel (001 §3 Communication record and Conversation): every SMS,
// email, call, voicemail and web-form submission is recorded here, in the transaction of the change that makes
// it, with its thread; 'communication.recorded' tells the organization's open screens (events.ts). The channel
// modules (sms, email, voice, web-forms) own the sending and receiving; this module owns the record.

/** The other side's address as threads are keyed: E.164 for a phone, lower case for an email address. */
export function normalizeCounterpart(channel: string, value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  if (channel === 'email') {
    // "Harbor Intake <intake@harbor.org>" → intake@harbor.org
    const angle = /<([^>]+)>/.exec(value);
    return (angle?.[1] ?? value).trim().toLowerCase();
  }
  if (channel === 'sms' || channel === 'voice' || channel === 'fax') return toE164(value) ?? value.trim();
  return value.trim();
}

/** Threads exist for the conversational channels (001 §2.10: one row per referral and method). */
const THREADED: readonly string[] = ['sms', 'email'];

export type RecordInput = {
  organizationId: number | null;
  referralId?: number | null;
  providerId?: number | null;
  userId?: number | null;
  channel: CommunicationChannel;
  direction: CommunicationDirection;
  category: string;
  status: string;
  from?: string | null;
  to?: string | null;
  /** The other side's address; by default `to` of an outbound record and `from` of an inbound one. */
  counterpart?: string | null;
  cc?: string[];
  subject?: string | null;
  bodyText?: string | null;
  bodyHtml?: string | null;
  /** The body names the member: stored sealed (body.ts). */
  phi?: boolean;
  intent?: string | null;
  numSegments?: number | null;
  externalId?: string | null;
  outboundMessageId?: number | null;
  communicationMethodId?: number | null;
  errorMessage?: string | null;
  isAcceptanceEmail?: boolean;
  trackingToken?: string | null;
  sentAt?: Date | null;
  deliveredAt?: Date | null;
  readAt?: Date | null;
  metadata?: Record<string, unknown>;
  /**
   * The thread: by default the one of (organization, provider, referral, channel, counterpart) for SMS and
   * email; an existing thread's id to add to it; false for none (a member notice, a call).
   */
  conversation?: false | { id: number };
  /** A history row on the referral's timeline (000 §2.7), with these facts (never PHI values). */
  timeline?: { type: ReferralEventType; details?: Record<string, unknown> };
};

export type Recorded = { row: repo.CommunicationRow; conversation: repo.ConversationRow | null };

/**
 * Records one communication in the context's transaction: its thread (created on first use), the record, the
 * thread's last message and unread count, and 'communication.recorded'.
 */
export async function recordCommunication(ctx: ServiceContext, input: RecordInput): Promise<Recorded> {
  const { deps, db } = ctx;
  const phi = input.phi === true;
  const counterpart =
    input.counterpart !== undefined
      ? normalizeCounterpart(input.channel, input.counterpart)
      : normalizeCounterpart(input.channel, input.direction === 'outbound' ? input.to : input.from);

  let conversation: repo.ConversationRow | null = null;
  if (input.conversation && typeof input.conversation === 'object') {
    conversation = await repo.findConversation(db, input.conversation.id);
    if (!conversation) {
      throw new AppError('conversation.not_found', COMMUNICATION_MESSAGES.conversationNotFound);
    }
  } else if (input.conversation !== false && THREADED.includes(input.channel) && counterpart) {
    conversation = await repo.ensureConversation(db, {
      organizationId: input.organizationId,
      providerId: input.providerId ?? null,
      referralId: input.referralId ?? null,
      channel: input.channel,
      counterpart,
    });
  }

  const row = await repo.insertCommunication(db, {
    conversationId: conversation?.id ?? null,
    organizationId: conversation ? conversation.organizationId : input.organizationId,
    referralId: conversation ? conversation.referralId : (input.referralId ?? null),
    providerId: conversation ? conversation.providerId : (input.providerId ?? null),
    userId: input.userId ?? null,
    channel: input.channel,
    direction: input.direction,
    category: input.category,
    status: input.status,
    fromAddress: input.from ?? null,
    toAddress: input.to ?? null,
    counterpart,
    ccAddresses: input.cc ?? [],
    subject: input.subject ?? null,
    bodyText: sealBody(deps, input.bodyText, phi),
    bodyHtml: sealBody(deps, input.bodyHtml, phi),
    phi,
    intent: input.intent ?? null,
    numSegments: input.numSegments ?? null,
    externalId: input.externalId ?? null,
    outboundMessageId: input.outboundMessageId ?? null,
    communicationMethodId: input.communicationMethodId ?? null,
    errorMessage: input.errorMessage ?? null,
    isAcceptanceEmail: input.isAcceptanceEmail ?? false,
    trackingToken: input.trackingToken ?? null,
    sentAt: input.sentAt ?? null,
    deliveredAt: input.deliveredAt ?? null,
    readAt: input.readAt ?? null,
    metadata: input.metadata ?? {},
  });
  if (conversation) {
    await repo.touchConversation(db, conversation.id, row);
    conversation = await repo.findConversation(db, conversation.id);
  }
  if (input.timeline) await noteOnTimeline(ctx, row, input.timeline);
  await publishRecorded(ctx, { row, change: 'created' });
  return { row, conversation };
}

/**
 * One history row on the record's referral, for its timeline, in the same transaction. A call into the
 * referrals module rather than a domain event it subscribes to: a subscriber runs in every server process, and
 * the row must be written once, with the record (issue #13: direct for now).
 */
async function noteOnTimeline(
  ctx: ServiceContext,
  row: repo.CommunicationRow,
  timeline: NonNullable<RecordInput['timeline']>,
) {
  if (row.referralId === null) return;
  await noteOnReferralTimeline(ctx, {
    referralId: row.referralId,
    type: timeline.type,
    // An outbound record's user did it; an inbound one was done by nobody signed in.
    actorUserId: row.direction === 'outbound' ? row.userId : null,
    details: {
      channel: row.channel,
      direction: row.direction,
      communication_id: row.id,
      provider_id: row.providerId,
      ...timeline.details,
    },
  });
}

export type StatusPatch = Partial<
  Pick<
    repo.CommunicationInsert,
    | 'status'
    | 'sentAt'
    | 'deliveredAt'
    | 'openedAt'
    | 'clickedAt'
    | 'errorMessage'
    | 'externalId'
    | 'metadata'
    | 'bodyText'
    | 'readAt'
  >
>;

/** Changes a record's delivery state (a delivery report, a status callback, an open) and tells its screens. */
export async function updateCommunicationStatus(
  ctx: ServiceContext,
  input: { id: number; patch: StatusPatch },
): Promise<repo.CommunicationRow | null> {
  const row = await repo.updateCommunication(ctx.db, input.id, input.patch);
  if (row) await publishRecorded(ctx, { row, change: 'updated' });
  return row;
}
