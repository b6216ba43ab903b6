import type { Conversation } from '@trust/domain';

/** One referral row of the Email tab: every email thread of that referral with this provider. */
export type EmailGroup = {
  key: string;
  referralId: number | null;
  /** The thread with the newest activity: the row shows it and the panel opens it. */
  newest: Conversation;
  threads: Conversation[];
  emailCount: number;
  unread: number;
};

/**
 * 001 §2.10 "Email conversations group under one referral row with the count of emails". The list comes newest
 * activity first, so each group keeps that order and its first thread is its newest.
 */
export function groupEmailThreads(conversations: readonly Conversation[]): EmailGroup[] {
  const groups = new Map<string, EmailGroup>();
  for (const c of conversations) {
    const key = c.referral_id === null ? 'none' : String(c.referral_id);
    const group = groups.get(key);
    if (group) {
      group.threads.push(c);
      group.emailCount += c.message_count;
      group.unread += c.unread_count;
    } else {
      groups.set(key, {
        key,
        referralId: c.referral_id,
        newest: c,
        threads: [c],
        emailCount: c.message_count,
        unread: c.unread_count,
      });
    }
  }
  return [...groups.values()];
}
