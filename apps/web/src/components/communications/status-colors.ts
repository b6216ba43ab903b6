// Colours and words of delivery states (001 §3: SMS queued → sent → delivered | undelivered | failed; email
// adds opened, clicked, bounced; calls and web forms their own).

const COLORS: Record<string, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  received: 'teal',
  opened: 'grape',
  clicked: 'violet',
  undelivered: 'red',
  failed: 'red',
  bounced: 'red',
  initiating: 'gray',
  ringing: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  no_answer: 'yellow',
  running: 'blue',
  submitted: 'green',
  filled: 'blue',
};

export function statusColor(status: string): string {
  return COLORS[status.toLowerCase()] ?? 'gray';
}

/** 'no_answer' → 'No answer'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

/** A failed state: the record's error is shown with it (001 §8). */
export function isFailedStatus(status: string): boolean {
  return ['failed', 'undelivered', 'bounced'].includes(status.toLowerCase());
}

/** 001 §2.12 intent badges of inbound SMS. */
const INTENT_COLORS: Record<string, string> = {
  accept: 'green',
  decline: 'red',
  question: 'blue',
  help: 'yellow',
  stop: 'dark',
  start: 'teal',
  // The accepted provider's progress (issue #14 item 3).
  started: 'cyan',
  done: 'grape',
};

export function intentColor(intent: string): string {
  return INTENT_COLORS[intent] ?? 'gray';
}
