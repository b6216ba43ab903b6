import { referralKeys } from '../referrals/keys.ts';

// Member Profiles are derived from referrals (000 §2.8): their keys sit under the referral keys, so every
// referral change that refreshes the queue (a status change, a deletion, a live event) refreshes them too.
export const referralMemberKeys = {
  all: [...referralKeys.all, 'members'] as const,
  lists: () => [...referralMemberKeys.all, 'list'] as const,
};
