import { z } from 'zod';

// A matched provider entry's own lifecycle (issue #14 item 2, 001 §3 Matched provider entry): each provider a
// referral was matched to answers for itself. A decline or a silence is recorded on that provider's entry, the
// referral needs re-matching only when no entry is still open, and a provider that declined is never sent the
// referral again. The server's entry state machine (referral-sending/entry-lifecycle.ts) is the only code that
// changes an entry's status, and it asks this table first.

export const MATCH_ENTRY_STATUSES = [
  'pending',
  'sent',
  'accepted',
  'declined',
  'expired',
  'not_selected',
] as const;
export type MatchEntryStatus = (typeof MATCH_ENTRY_STATUSES)[number];

/** Entries still waiting: not sent yet, or sent and not answered. The referral is matched while one is open. */
export const OPEN_ENTRY_STATUSES: readonly MatchEntryStatus[] = ['pending', 'sent'];

export const MATCH_ENTRY_STATUS_LABELS: Record<MatchEntryStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'No answer',
  not_selected: 'Not selected',
};

export const MATCH_ENTRY_ACTIONS = ['send', 'accept', 'decline', 'expire', 'not_select'] as const;
export type MatchEntryAction = (typeof MATCH_ENTRY_ACTIONS)[number];

/** Every allowed step of an entry; an entry that was answered keeps its answer. */
export const MATCH_ENTRY_TRANSITIONS: Record<
  MatchEntryAction,
  { from: readonly MatchEntryStatus[]; to: MatchEntryStatus }
> = {
  // Sending again (another method) keeps it sent, with the new method and a new answer window.
  send: { from: ['pending', 'sent'], to: 'sent' },
  accept: { from: ['pending', 'sent'], to: 'accepted' },
  decline: { from: ['pending', 'sent'], to: 'declined' },
  // Only a sent entry has a window to miss.
  expire: { from: ['sent'], to: 'expired' },
  // First accept wins: the other open entries are not selected.
  not_select: { from: ['pending', 'sent'], to: 'not_selected' },
};

export function canMoveEntry(action: MatchEntryAction, from: string): boolean {
  return (MATCH_ENTRY_TRANSITIONS[action].from as readonly string[]).includes(from);
}

/**
 * Whether a decline's reason says the provider is full ("at full capacity", "no capacity", "FULL" by text): such
 * a decline also marks the provider's capacity full, so the next matches pass it by.
 */
export function isCapacityDecline(reason: string | null | undefined): boolean {
  return /\b(full|capacity)\b/i.test(reason ?? '');
}

/** The decline reasons the response panel offers (a provider may also write its own). */
export const DECLINE_REASONS = [
  'At full capacity',
  'Service not offered',
  'Outside our service area',
  'Member not eligible',
] as const;

/**
 * An organization's referral routing (organizations.settings, PUT /api/cbos/{id} {settings}): whether a referral
 * every matched provider declined (or let expire) is matched to the next providers by itself, how many times,
 * and how many days after Completed the member is asked whether they got help.
 */
export const ROUTING_DEFAULTS = { cascade: true, cascade_rounds: 2, member_follow_up_days: 3 } as const;

export const routingSettingsSchema = z.object({
  cascade: z.boolean({ error: 'cascade must be true or false.' }).optional(),
  cascade_rounds: z
    .number({ error: 'cascade_rounds must be a whole number from 0 to 5.' })
    .int('cascade_rounds must be a whole number from 0 to 5.')
    .min(0, 'cascade_rounds must be a whole number from 0 to 5.')
    .max(5, 'cascade_rounds must be a whole number from 0 to 5.')
    .optional(),
  // 0: the member is asked right after Completed.
  member_follow_up_days: z
    .number({ error: 'member_follow_up_days must be a whole number from 0 to 30.' })
    .int('member_follow_up_days must be a whole number from 0 to 30.')
    .min(0, 'member_follow_up_days must be a whole number from 0 to 30.')
    .max(30, 'member_follow_up_days must be a whole number from 0 to 30.')
    .optional(),
});

export type RoutingSettings = { cascade: boolean; cascade_rounds: number; member_follow_up_days: number };

/** The routing an organization's stored settings give, with the defaults for what is not set. */
export function routingOf(settings: Record<string, unknown> | null | undefined): RoutingSettings {
  const parsed = routingSettingsSchema.safeParse(settings ?? {});
  const given = parsed.success ? parsed.data : {};
  return {
    cascade: given.cascade ?? ROUTING_DEFAULTS.cascade,
    cascade_rounds: given.cascade_rounds ?? ROUTING_DEFAULTS.cascade_rounds,
    member_follow_up_days: given.member_follow_up_days ?? ROUTING_DEFAULTS.member_follow_up_days,
  };
}
