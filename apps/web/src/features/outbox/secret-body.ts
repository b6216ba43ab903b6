import { OUTBOX_MESSAGES, type OutboundMessage } from '@trust/domain';

/**
 * Issue #12: a message that carried a one-time link or code keeps no body once a mail or SMS service delivered
 * it (and shows none while one is delivering it); the server answers a fixed text in its place.
 */
export function isSecretWithheld(
  message: Pick<OutboundMessage, 'carries_secret' | 'body_removed_at' | 'body_text'>,
) {
  return (
    message.carries_secret &&
    (message.body_removed_at !== null || message.body_text === OUTBOX_MESSAGES.secretBodyRemoved)
  );
}

/** The list's line for such a message when it has no subject (an SMS code). */
export const WITHHELD_HEADLINE = 'One-time code (not kept after delivery)';
