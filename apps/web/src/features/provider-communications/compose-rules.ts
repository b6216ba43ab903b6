import { COMMUNICATION_MESSAGES } from '@trust/domain';

export type ComposeChannel = 'sms' | 'email';

export type ComposeInput = {
  channel: ComposeChannel;
  /** The provider's phone (SMS) or email address; null when its record has none. */
  contact: string | null;
  referralId: number | null;
  subject: string;
  message: string;
};

/**
 * 001 §5 sending rules of the provider-level compose form, with their messages: the provider's contact must
 * exist, a referral must be chosen, an email needs a subject, and the message must not be blank. Null when
 * the message may go.
 */
export function composeProblem(input: ComposeInput): string | null {
  if (!input.contact?.trim()) {
    return input.channel === 'sms'
      ? COMMUNICATION_MESSAGES.phoneMissing
      : COMMUNICATION_MESSAGES.emailMissing;
  }
  if (input.referralId === null) return COMMUNICATION_MESSAGES.referralRequired;
  if (input.channel === 'email' && !input.subject.trim()) return COMMUNICATION_MESSAGES.subjectRequired;
  if (!input.message.trim()) return COMMUNICATION_MESSAGES.messageRequired;
  return null;
}

/** 001 §8 'Failed to send: {error or Unknown error}'. */
export function sendFailedText(error: string | null | undefined): string {
  return `Failed to send: ${error?.trim() || COMMUNICATION_MESSAGES.unknownError}`;
}
