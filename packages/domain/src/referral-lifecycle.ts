import { REFERRAL_STATUS_LABELS, type ReferralStatus } from './referrals.ts';

// A referral's lifecycle (issue #14), after the HL7 Gravity SDOH closed loop (ServiceRequest + Task: requested,
// accepted, rejected, in-progress, on-hold, completed with an outcome, cancelled): every status change a referral
// can make, who may make it and what it does. The server's state machine (referrals/lifecycle.ts) is the only
// code that changes a referral's status, and it asks this table first; the browser asks it which actions to offer.

/**
 * Who acts on a referral: its **referrer** (a non-viewer of the organization that created it), its **provider**
 * (a non-viewer of the organization acting for the matched or accepted provider, or that provider by SMS; a
 * claiming organization acts as the provider it claims for) or the **system** (the matching engine, the expiry
 * job, the cascade).
 */
export const LIFECYCLE_ACTORS = ['referrer', 'provider', 'system'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

/** 000 §4.1 statuses, with Expired and Cancelled of the closed loop. */
export type LifecycleStatus = ReferralStatus;

/** How a Completed referral ended (Gravity's Task outcome, Unite Us's case outcomes). */
export const REFERRAL_OUTCOMES = [
  'service_provided',
  'member_declined',
  'unable_to_reach',
  'not_eligible',
  'other',
] as const;
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number];
export const REFERRAL_OUTCOME_LABELS: Record<ReferralOutcome, string> = {
  service_provided: 'Service provided',
  member_declined: 'Member declined',
  unable_to_reach: 'Unable to reach member',
  not_eligible: 'Not eligible',
  other: 'Other',
};

/** The named steps of the lifecycle; each row of TRANSITIONS is one. */
export const LIFECYCLE_ACTIONS = [
  'match',
  'auto_match',
  'unmatch',
  'accept',
  'decline',
  'expire',
  'authorize',
  'start',
  'hold',
  'complete',
  'cancel',
  'reopen',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export type Transition = {
  action: LifecycleAction;
  from: readonly LifecycleStatus[];
  to: LifecycleStatus;
  by: readonly LifecycleActor[];
  /** What the step needs from the actor: an outcome (Completed) or a reason (Cancelled). */
  needs?: 'outcome' | 'reason';
  /** The member is texted about it (000 §2.3: Matched and Authorized; the closed loop adds Completed). */
  notifiesMember?: boolean;
  /**
   * Whether a plain status change (`PUT /api/referrals/{id} {status}`, the queue's and the workspace's status
   * control) may make the step. Matching, answering and expiring have their own calls: a status alone cannot say
   * which provider, or be a provider's answer.
   */
  byStatusChange: boolean;
  /** The button's words in the app. */
  label: string;
  /** What will happen, said in the confirmation before the step is taken. */
  consequence: string;
};

/** Statuses in which the matched provider's answer is awaited (000 §4.2). */
export const AWAITING_ANSWER: readonly LifecycleStatus[] = ['matched'];
/** After the provider accepted: the service is under way. */
const SERVING: readonly LifecycleStatus[] = ['accepted', 'authorized', 'in_progress', 'on_hold'];
/** Needs re-matching: no provider took it. */
const UNMATCHED: readonly LifecycleStatus[] = ['rejected', 'expired'];
/** Ended for good. */
export const CLOSED_STATUSES: readonly LifecycleStatus[] = ['completed', 'cancelled'];

/**
 * Every allowed step. Anything not here is refused (409), naming the current status and what it allows.
 * Authorized is the referrer's prior authorization of an accepted referral (000 §2.3: "a provider will contact
 * you within 24 hours").
 */
export const TRANSITIONS: readonly Transition[] = [
  {
    action: 'match',
    from: ['pending', ...UNMATCHED],
    to: 'matched',
    by: ['referrer', 'provider', 'system'],
    notifiesMember: true,
    byStatusChange: false,
    label: 'Match',
    consequence: 'The provider is asked to accept within 7 days, and the member is texted.',
  },
  {
    // 001 §4: matched to the nearest providers at once, none chosen yet; the member hears when one is.
    action: 'auto_match',
    from: ['pending', ...UNMATCHED],
    to: 'matched',
    by: ['referrer', 'system'],
    byStatusChange: false,
    label: 'Auto-Match',
    consequence: 'The nearest providers that offer the needed services are matched; none is chosen yet.',
  },
  {
    action: 'unmatch',
    from: ['matched'],
    to: 'pending',
    by: ['referrer'],
    byStatusChange: false,
    label: 'Remove the match',
    consequence: 'The referral goes back to Pending.',
  },
  {
    action: 'accept',
    from: AWAITING_ANSWER,
    to: 'accepted',
    by: ['provider'],
    byStatusChange: false,
    label: 'Accept',
    consequence:
      "The member's details are emailed to the provider, and every other provider is told it is taken.",
  },
  {
    action: 'decline',
    from: AWAITING_ANSWER,
    to: 'rejected',
    by: ['provider', 'system'],
    byStatusChange: false,
    label: 'Decline',
    consequence: 'The referral needs another provider.',
  },
  {
    action: 'expire',
    from: AWAITING_ANSWER,
    to: 'expired',
    by: ['system'],
    byStatusChange: false,
    label: 'Expire',
    consequence: 'The referral needs another provider.',
  },
  {
    action: 'authorize',
    from: ['accepted'],
    to: 'authorized',
    by: ['referrer'],
    notifiesMember: true,
    byStatusChange: true,
    label: 'Authorize',
    consequence: 'The member will be texted that a provider will contact them within 24 hours.',
  },
  {
    action: 'start',
    from: ['accepted', 'authorized', 'on_hold'],
    to: 'in_progress',
    by: ['provider'],
    byStatusChange: true,
    label: 'Mark In Progress',
    consequence: 'The referring organization sees at once that the service has started.',
  },
  {
    action: 'hold',
    from: ['accepted', 'authorized', 'in_progress'],
    to: 'on_hold',
    by: ['provider'],
    byStatusChange: true,
    label: 'Put On Hold',
    consequence: 'The referring organization sees at once that the service is paused.',
  },
  {
    action: 'complete',
    from: SERVING,
    to: 'completed',
    by: ['provider'],
    needs: 'outcome',
    notifiesMember: true,
    byStatusChange: true,
    label: 'Mark Completed',
    consequence: 'The referral is closed with this outcome; the referring organization sees it at once.',
  },
  {
    action: 'cancel',
    from: ['pending', 'matched', ...SERVING, ...UNMATCHED],
    to: 'cancelled',
    by: ['referrer'],
    needs: 'reason',
    byStatusChange: true,
    label: 'Cancel Referral',
    consequence: 'The referral is closed for good, with this reason; nobody can work on it any more.',
  },
  {
    action: 'reopen',
    from: UNMATCHED,
    to: 'pending',
    by: ['referrer'],
    byStatusChange: true,
    label: 'Back to Pending',
    consequence: 'The referral goes back to the live feed, and the provider that had it no longer sees it.',
  },
];

/** The row for a step, when the step exists at all. */
export function transitionOf(action: LifecycleAction): Transition {
  return TRANSITIONS.find((t) => t.action === action)!;
}

/** Whether `actor` may take `action` on a referral now in `from`. */
export function canTake(action: LifecycleAction, from: LifecycleStatus, actor: LifecycleActor): boolean {
  const t = transitionOf(action);
  return t.from.includes(from) && t.by.includes(actor);
}

/** The steps an actor may take from a status, optionally only those a plain status change makes. */
export function allowedTransitions(
  from: LifecycleStatus,
  actors: readonly LifecycleActor[],
  options: { byStatusChange?: boolean } = {},
): Transition[] {
  return TRANSITIONS.filter(
    (t) =>
      t.from.includes(from) &&
      t.by.some((a) => actors.includes(a)) &&
      (options.byStatusChange === undefined || t.byStatusChange === options.byStatusChange),
  );
}

/** The step a status change to `to` means from `from` for these actors, or null when there is none. */
export function statusChangeStep(
  from: LifecycleStatus,
  to: LifecycleStatus,
  actors: readonly LifecycleActor[],
): Transition | null {
  return allowedTransitions(from, actors, { byStatusChange: true }).find((t) => t.to === to) ?? null;
}

const label = (s: LifecycleStatus) => REFERRAL_STATUS_LABELS[s] ?? s;

/**
 * The message of a refused change: the current status, and what it allows (for this actor, by a status change),
 * or how the target status is reached when a status change cannot make it.
 */
export function refusedTransitionMessage(
  from: LifecycleStatus,
  to: LifecycleStatus,
  actors: readonly LifecycleActor[],
): string {
  const allowed = allowedTransitions(from, actors, { byStatusChange: true }).map((t) => label(t.to));
  const next =
    allowed.length > 0
      ? `From ${label(from)} it can go to: ${[...new Set(allowed)].join(', ')}.`
      : `Nothing you may do changes its status from ${label(from)}.`;
  return `This referral is ${label(from)}; it cannot be set to ${label(to)}. ${next}${HOW_REACHED[to] ? ` ${HOW_REACHED[to]}` : ''}`;
}

/** How the statuses a status change cannot set are reached instead. */
const HOW_REACHED: Partial<Record<LifecycleStatus, string>> = {
  matched: 'Use Match (auto-match or the directory) to send it to a provider.',
  accepted: "Only the provider's answer accepts a referral.",
  rejected: "Only the provider's answer declines a referral.",
  expired: 'A match expires by itself when the provider does not answer in time.',
};

/**
 * The lifecycle actors an organization is for a referral it reads, from the referral as it was sent to it: its
 * referrer when it owns it, its provider when it acts for the matched provider (both when an organization
 * referred a member to its own listing). The server decides the same from the stored row (referrals/service.ts).
 */
export function lifecycleActorsOf(r: {
  viewer_role: 'owner' | 'provider';
  organization_id: number;
  matched_provider: { organization_id?: number | null } | null;
}): LifecycleActor[] {
  if (r.viewer_role === 'provider') return ['provider'];
  return r.matched_provider?.organization_id === r.organization_id ? ['referrer', 'provider'] : ['referrer'];
}
