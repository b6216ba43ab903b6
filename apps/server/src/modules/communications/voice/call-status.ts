import { CALL_FINAL_STATUSES, type CallStatus } from '@trust/domain';

// 001 §3 Call, §4 "Call: initiating, ringing, failed": Twilio's CallStatus values on our statuses, and the
// order they come in. Callbacks may arrive late or twice (a 'ringing' after 'completed'): a status only moves
// forward, and a final one stays.

const FROM_TWILIO: Record<string, CallStatus> = {
  queued: 'initiating',
  initiated: 'initiating',
  ringing: 'ringing',
  'in-progress': 'in_progress',
  answered: 'in_progress',
  completed: 'completed',
  busy: 'no_answer',
  'no-answer': 'no_answer',
  failed: 'failed',
  canceled: 'failed',
};

/** Our status for Twilio's CallStatus; null for a value Twilio does not send. */
export function callStatusFromTwilio(value: string): CallStatus | null {
  return FROM_TWILIO[value.trim().toLowerCase()] ?? null;
}

const RANK: Record<CallStatus, number> = {
  initiating: 0,
  ringing: 1,
  in_progress: 2,
  completed: 3,
  no_answer: 3,
  failed: 3,
};

export function isFinal(status: string): boolean {
  return (CALL_FINAL_STATUSES as readonly string[]).includes(status);
}

/** Whether a call at `from` may take `to`: only forward, and never out of a final status. */
export function movesForward(from: string, to: CallStatus): boolean {
  if (isFinal(from)) return false;
  const rank = RANK[from as CallStatus] ?? 0;
  return RANK[to] > rank;
}

/** What a call that did not connect is recorded with (Twilio's own words for it). */
export function endReason(twilioStatus: string): string | null {
  switch (twilioStatus.trim().toLowerCase()) {
    case 'busy':
      return 'The line was busy.';
    case 'no-answer':
      return 'Nobody answered.';
    case 'canceled':
      return 'The call was canceled before it was answered.';
    case 'failed':
      return 'The call could not be connected.';
    default:
      return null;
  }
}
