import { describe, expect, it } from 'vitest';
import { makeConversation } from '../../components/communications/communication-fixtures.ts';
import { groupEmailThreads } from './email-groups.ts';

describe('groupEmailThreads (001 §2.10)', () => {
  it('puts every email thread of a referral under one row with the count of emails', () => {
    const a = makeConversation({
      id: 1,
      method_type: 'email',
      referral_id: 101,
      message_count: 3,
      unread_count: 1,
    });
    const b = makeConversation({ id: 2, method_type: 'email', referral_id: 102, message_count: 1 });
    const c = makeConversation({
      id: 3,
      method_type: 'email',
      referral_id: 101,
      message_count: 2,
      unread_count: 2,
    });
    const groups = groupEmailThreads([a, b, c]);
    expect(groups.map((g) => [g.referralId, g.newest.id, g.emailCount, g.unread])).toEqual([
      [101, 1, 5, 3],
      [102, 2, 1, 0],
    ]);
    expect(groups[0]!.threads.map((t) => t.id)).toEqual([1, 3]);
  });
});
