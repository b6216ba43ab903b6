import {
  type ClientReferral,
  formatFileSize,
  normaliseReferralStatus,
  REFERRAL_OUTCOME_LABELS,
  REFERRAL_STATUS_LABELS,
  type ReferralEvent,
  type ReferralOutcome,
  type ReferralStatus,
  webFormSubmissionStatus,
} from '@trust/domain';
import { formatDateTime } from '../../components/format-date.ts';
import { WORKSPACE_MESSAGES } from './messages.ts';

// The Case Timeline (000 §2.7) built from the referral's history rows (issue #4 item 2). Newest first, like
// the history the server answers and the Note History beside it.

export type TimelineKind =
  | 'created'
  | 'updated'
  | 'matched'
  | 'accepted'
  | 'rejected'
  | 'expired'
  | 'status'
  | 'email'
  | 'sms'
  | 'note'
  | 'document'
  | 'contact'
  | 'deleted'
  | 'call'
  | 'voicemail'
  | 'web_form'
  | 'other';

export type TimelineEntry = {
  key: string;
  kind: TimelineKind;
  /** Mantine colour of the entry's icon. */
  color: string;
  title: string;
  lines: string[];
  /** The actor's name, or "System" for the expiry job, delivery reports and the matching engine. */
  who: string;
  at: string;
};

type PhiEmail = { state: 'sent' | 'failed'; address: string | null; reason: string | null };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function statusLabel(value: string | null | undefined): string {
  const key = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_') as ReferralStatus;
  return REFERRAL_STATUS_LABELS[key] ?? normaliseReferralStatus(value);
}

/** 000 §2.7 status entries: Services In Progress, Case On Hold, Case Completed; any other is named. */
function statusTitle(to: string | null): string {
  switch ((to ?? '').toLowerCase()) {
    case 'in_progress':
      return 'Services In Progress';
    case 'on_hold':
      return 'Case On Hold';
    case 'completed':
      return 'Case Completed';
    case 'cancelled':
      return 'Referral Cancelled';
    default:
      return `Status Changed to ${statusLabel(to)}`;
  }
}

/** snake_case field names of an edit ("phone_number") as words ("phone number"). */
function fieldNames(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const names = value.filter((v): v is string => typeof v === 'string').map((v) => v.replace(/_/g, ' '));
  return names.length > 0 ? names.join(', ') : null;
}

/** 'no_answer' → 'no answer'. */
function words(value: string): string {
  return value.replace(/_/g, ' ');
}

/** m:ss of a call or voicemail (001 §2.16). */
function duration(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const s = Math.round(value);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * 001 §2.10–§2.16 provider communications on the timeline: a message sent or received (details.channel sms or
 * email), a call placed and ended, a voicemail, a web-form submission. The rows carry facts, never content.
 */
function communicationEntry(e: ReferralEvent): Omit<TimelineEntry, 'key' | 'who' | 'at'> | null {
  const d = e.details ?? {};
  const provider = text(d.provider_name);
  const email = d.channel === 'email';
  const channel = email ? 'Email' : 'SMS';
  switch (e.type) {
    case 'message_sent': {
      const subject = text(d.subject);
      return {
        kind: email ? 'email' : 'sms',
        color: email ? 'teal' : 'cyan',
        title: `${channel} Sent to Provider`,
        lines: [...(provider ? [`To ${provider}`] : []), ...(subject ? [`Subject: ${subject}`] : [])],
      };
    }
    case 'message_received': {
      const intent = text(d.intent);
      return {
        kind: email ? 'email' : 'sms',
        color: 'blue',
        title: `${channel} Received from Provider`,
        lines: [
          ...(provider ? [`From ${provider}`] : []),
          ...(intent && intent !== 'other' ? [`Reply: ${intent}`] : []),
        ],
      };
    }
    case 'call_placed':
      return {
        kind: 'call',
        color: 'indigo',
        title: 'Call Placed',
        lines: provider ? [`To ${provider}`] : [],
      };
    case 'call_ended': {
      const status = text(d.status);
      const length = duration(d.duration_seconds);
      return {
        kind: 'call',
        color: status === 'completed' ? 'green' : status === 'no_answer' ? 'yellow' : 'gray',
        title: 'Call Ended',
        lines: [
          ...(provider ? [`With ${provider}`] : []),
          ...(status ? [`Status: ${words(status)}${length ? ` · ${length}` : ''}`] : length ? [length] : []),
        ],
      };
    }
    case 'voicemail_received': {
      const length = duration(d.duration_seconds);
      return {
        kind: 'voicemail',
        color: 'grape',
        title: 'Voicemail Received',
        lines: [...(provider ? [`From ${provider}`] : []), ...(length ? [`Length ${length}`] : [])],
      };
    }
    case 'web_form_submitted': {
      const status =
        typeof d.submission_success === 'boolean' || typeof d.form_submitted === 'boolean'
          ? webFormSubmissionStatus({
              submission_success: d.submission_success === true,
              form_submitted: d.form_submitted === true,
            })
          : text(d.status);
      const error = text(d.error);
      return {
        kind: 'web_form',
        color: error ? 'red' : 'teal',
        title: 'Web Form Submitted',
        lines: [
          ...(provider ? [`To ${provider}`] : []),
          ...(status ? [`Status: ${words(status)}`] : []),
          ...(error ? [`Error: ${error}`] : []),
        ],
      };
    }
    default:
      return null;
  }
}

const MATCH_METHODS: Record<string, string> = {
  auto: 'Matched automatically by the matching engine.',
  manual: 'Matched by hand.',
};

function entryOf(e: ReferralEvent): Omit<TimelineEntry, 'key' | 'who' | 'at'> | null {
  const communication = communicationEntry(e);
  if (communication) return communication;
  const d = e.details ?? {};
  const provider = text(d.provider_name);
  switch (e.type) {
    case 'created':
      return {
        kind: 'created',
        color: 'blue',
        title: 'Referral Created',
        lines: text(d.referral_number) ? [`Referral #${d.referral_number}`] : [],
      };
    case 'updated': {
      const fields = fieldNames(d.fields);
      return {
        kind: 'updated',
        color: 'gray',
        title: 'Referral Details Updated',
        lines: fields ? [`Changed: ${fields}`] : [],
      };
    }
    case 'claimed': {
      const organization = text(d.organization_name) ?? provider;
      return {
        kind: 'matched',
        color: 'blue',
        title: 'Provider Matched',
        lines: [
          organization ? `Claimed by ${organization}` : 'Claimed from the live feed',
          ...(provider && provider !== organization ? [`Provider: ${provider}`] : []),
        ],
      };
    }
    case 'matched': {
      const method = text(d.method);
      return {
        kind: 'matched',
        color: 'blue',
        title: 'Provider Matched',
        lines: [
          ...(provider ? [`Matched to ${provider}`] : []),
          ...(method && MATCH_METHODS[method] ? [MATCH_METHODS[method]] : []),
        ],
      };
    }
    case 'accepted':
      return {
        kind: 'accepted',
        color: 'green',
        title: 'Provider Accepted Referral',
        lines: [`${provider ?? 'The provider'} accepted this referral on ${formatDateTime(e.at)}.`],
      };
    case 'rejected': {
      const reason = text(d.reason);
      return {
        kind: 'rejected',
        color: 'red',
        title: 'Provider Rejected Referral',
        lines: [
          ...(provider ? [`${provider} rejected this referral.`] : []),
          ...(reason ? [`Reason: ${reason}`] : []),
          WORKSPACE_MESSAGES.rematch,
        ],
      };
    }
    case 'expired':
      return {
        kind: 'expired',
        color: 'orange',
        title: 'Referral Expired',
        lines: [...(provider ? [`Matched provider: ${provider}`] : []), WORKSPACE_MESSAGES.expiredText],
      };
    // Issue #14: one provider's answer or silence on its own entry, the cascade, and the coordinator's flag.
    case 'provider_declined': {
      const reason = text(d.reason);
      const waiting = typeof d.still_waiting === 'number' ? d.still_waiting : null;
      return {
        kind: 'rejected',
        color: 'red',
        title: 'Provider Declined',
        lines: [
          `${provider ?? 'A provider'} declined this referral.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          ...(waiting ? [`Still waiting for ${waiting} provider${waiting === 1 ? '' : 's'}.`] : []),
        ],
      };
    }
    case 'provider_expired':
      return {
        kind: 'expired',
        color: 'orange',
        title: 'Provider Did Not Answer',
        lines: [`${provider ?? 'A provider'} did not answer within 7 days.`],
      };
    case 'sent_to_provider': {
      // 001 §2.8: each provider the referral went to, and how (the method actually used).
      const method = text(d.method_type);
      const how =
        method === 'phone'
          ? 'by SMS'
          : method === 'email'
            ? 'by email'
            : method === 'web_form'
              ? 'by its web form'
              : null;
      return {
        kind: 'matched',
        color: 'blue',
        title: 'Sent to Provider',
        lines: [`${provider ?? 'A provider'} was sent the referral${how ? ` ${how}` : ''}.`],
      };
    }
    case 'auto_matched': {
      // 001 §4: by the Auto-Match screen, or by the matching engine when the referral was created (issue #14).
      const count = typeof d.count === 'number' ? d.count : 0;
      return {
        kind: 'matched',
        color: 'blue',
        title: 'Auto-Matched',
        lines: [
          `${d.trigger === 'created' ? 'On creation, the matching engine' : 'The matching engine'} matched the ${count} nearest provider${count === 1 ? '' : 's'} offering the needed services.`,
        ],
      };
    }
    case 'cascaded': {
      const count = typeof d.count === 'number' ? d.count : 0;
      const round = typeof d.round === 'number' ? d.round : null;
      return {
        kind: 'matched',
        color: 'blue',
        title: round ? `Matched Again (round ${round})` : 'Matched Again',
        lines: [
          `Nobody took it, so it was matched to the next ${count} provider${count === 1 ? '' : 's'} and sent to each by its best method.`,
        ],
      };
    }
    case 'needs_rematching':
      return {
        kind: 'expired',
        color: 'orange',
        title: 'Needs Re-matching',
        lines: [
          ...(text(d.explanation) ? [text(d.explanation)!] : []),
          d.notified === true
            ? 'The coordinator was emailed. Use Match to send it to another provider.'
            : 'Use Match to send it to another provider.',
        ],
      };
    case 'status_changed':
      return {
        kind: 'status',
        color: e.to_status === 'completed' ? 'green' : e.to_status === 'on_hold' ? 'yellow' : 'grape',
        title: statusTitle(e.to_status),
        lines: [
          `Status changed from ${statusLabel(e.from_status)} to ${statusLabel(e.to_status)}`,
          // Issue #14: how it ended, why it was cancelled, and the note of the step.
          ...(text(d.outcome)
            ? [`Outcome: ${REFERRAL_OUTCOME_LABELS[d.outcome as ReferralOutcome] ?? text(d.outcome)}`]
            : []),
          ...(text(d.reason) ? [`Reason: ${text(d.reason)}`] : []),
          ...(text(d.note) ? [`Note: ${text(d.note)}`] : []),
        ],
      };
    case 'phi_email_sent':
      return {
        kind: 'email',
        color: 'teal',
        title: 'Secure PHI Email Sent',
        lines: [WORKSPACE_MESSAGES.phiEmailSent(text(d.email_sent_to) ?? 'the provider')],
      };
    case 'phi_email_failed':
      return {
        kind: 'email',
        color: 'red',
        title: 'Secure PHI Email Failed',
        lines: [text(d.reason) ?? WORKSPACE_MESSAGES.phiEmailFailed(text(d.email_sent_to))],
      };
    case 'member_notified': {
      const about = statusLabel(text(d.status));
      if (d.sent === false) {
        const reason = text(d.reason);
        return {
          kind: 'sms',
          color: 'orange',
          title: 'Member Not Notified',
          lines: [`No SMS was sent about the status ${about}${reason ? `: ${reason}` : ''}.`],
        };
      }
      return {
        kind: 'sms',
        color: 'cyan',
        title: 'Member Notified by SMS',
        lines: [`The member was sent an SMS about the status ${about}.`],
      };
    }
    case 'member_follow_up_sent':
      // Issue #14 item 4: "Did you get the help you needed? Reply YES or NO".
      return d.sent === false
        ? {
            kind: 'sms',
            color: 'orange',
            title: 'Member Not Asked',
            lines: [
              `The member could not be asked whether they got help${text(d.reason) ? `: ${text(d.reason)}` : ''}.`,
            ],
          }
        : {
            kind: 'sms',
            color: 'cyan',
            title: 'Member Asked for Feedback',
            lines: ['The member was asked by SMS whether they got the help they needed (reply YES or NO).'],
          };
    case 'member_replied': {
      const yes = d.answer === 'yes';
      if (d.late === true) {
        return {
          kind: 'sms',
          color: 'gray',
          title: 'Late Member Reply',
          lines: [`The member replied ${yes ? 'YES' : 'NO'} after the question closed; it was not counted.`],
        };
      }
      return {
        kind: 'sms',
        color: yes ? 'green' : 'red',
        title: yes ? 'Member Confirmed Help' : 'Member Did Not Get Help',
        lines: [
          yes
            ? 'The member replied YES: they got the help they needed.'
            : 'The member replied NO: they did not get the help they needed.',
        ],
      };
    }
    case 'note_added':
      return { kind: 'note', color: 'indigo', title: 'Case Note Added', lines: [] };
    case 'note_updated':
      return { kind: 'note', color: 'indigo', title: 'Case Note Edited', lines: [] };
    case 'note_deleted':
      return { kind: 'note', color: 'gray', title: 'Case Note Deleted', lines: [] };
    case 'document_uploaded': {
      // The server records the size, not the file name (a name can itself be PHI).
      const name = text(d.filename) ?? text(d.file_name);
      const size = typeof d.size === 'number' ? formatFileSize(d.size) : null;
      const lines = name ? [name] : size ? [`A ${size} file was added to the case.`] : [];
      return { kind: 'document', color: 'indigo', title: 'Document Uploaded', lines };
    }
    case 'document_deleted': {
      const name = text(d.filename) ?? text(d.file_name);
      return { kind: 'document', color: 'gray', title: 'Document Deleted', lines: name ? [name] : [] };
    }
    case 'contact_updated':
      return {
        kind: 'contact',
        color: 'blue',
        title: 'Contact Details Updated',
        lines: ["The member's emergency contact was saved."],
      };
    case 'deleted':
      return { kind: 'deleted', color: 'red', title: 'Referral Deleted', lines: [] };
    default:
      return { kind: 'other', color: 'gray', title: 'Referral Updated', lines: [e.type.replace(/_/g, ' ')] };
  }
}

function byNewest(a: ReferralEvent, b: ReferralEvent): number {
  const t = new Date(b.at).getTime() - new Date(a.at).getTime();
  return t !== 0 ? t : b.id - a.id;
}

/**
 * The timeline entries, newest first. The PHI email's delivery (or failure) is told inside the acceptance it
 * follows ("A secure PHI email was sent to …", 000 §2.7); the latest acceptance without a delivery record says
 * whether the referral's flag shows it sent, or that it is still pending.
 */
export function buildTimeline(
  events: readonly ReferralEvent[],
  referral: Pick<ClientReferral, 'phiEmailSent' | 'emailSentTo'>,
): TimelineEntry[] {
  const oldestFirst = [...events].sort(byNewest).reverse();
  const entries: TimelineEntry[] = [];
  const emailOf = new Map<TimelineEntry, PhiEmail>();
  const acceptedAddress = new Map<TimelineEntry, string | null>();
  let lastAccepted: TimelineEntry | null = null;

  for (const e of oldestFirst) {
    const isPhi = e.type === 'phi_email_sent' || e.type === 'phi_email_failed';
    if (isPhi && lastAccepted && !emailOf.has(lastAccepted)) {
      emailOf.set(lastAccepted, {
        state: e.type === 'phi_email_sent' ? 'sent' : 'failed',
        address: text(e.details?.email_sent_to) ?? acceptedAddress.get(lastAccepted) ?? null,
        reason: text(e.details?.reason),
      });
      continue;
    }
    const base = entryOf(e);
    if (!base) continue;
    const entry: TimelineEntry = { ...base, key: String(e.id), who: e.actor_name ?? 'System', at: e.at };
    if (e.type === 'accepted') {
      lastAccepted = entry;
      acceptedAddress.set(entry, text(e.details?.email_sent_to));
    }
    entries.push(entry);
  }

  for (const [entry, address] of acceptedAddress) {
    const email = emailOf.get(entry);
    if (email?.state === 'sent')
      entry.lines.push(WORKSPACE_MESSAGES.phiEmailSent(email.address ?? 'the provider'));
    else if (email?.state === 'failed') {
      entry.lines.push(email.reason ?? WORKSPACE_MESSAGES.phiEmailFailed(email.address));
    } else if (entry === lastAccepted) {
      // No delivery record (yet): the referral's own flag says whether the details reached the provider.
      entry.lines.push(
        referral.phiEmailSent
          ? WORKSPACE_MESSAGES.phiEmailSent(referral.emailSentTo ?? address ?? 'the provider')
          : WORKSPACE_MESSAGES.phiEmailPending(address ?? referral.emailSentTo),
      );
    }
  }
  return entries.reverse();
}
