import type { CommunicationChannel } from '@trust/domain';

// Query keys of provider communications (001 §7 "Web form and communications listing"): the inbox's threads,
// the records of every channel, and the referrals a provider can be written to about. Live events invalidate
// by these prefixes (use-communication-updates.ts).

export type ConversationParams = {
  provider_id?: number;
  referral_id?: number;
  method?: CommunicationChannel;
  /** Only the inbound threads nobody could place (coordinators). */
  unmatched?: boolean;
  page?: number;
  page_size?: number;
};

export type CommunicationParams = {
  provider_id?: number;
  referral_id?: number;
  method?: CommunicationChannel;
  page?: number;
  page_size?: number;
};

export const communicationKeys = {
  all: ['communications'] as const,
  conversations: () => [...communicationKeys.all, 'conversations'] as const,
  conversationList: (params: ConversationParams) => [...communicationKeys.conversations(), params] as const,
  records: () => [...communicationKeys.all, 'records'] as const,
  recordList: (params: CommunicationParams) => [...communicationKeys.records(), params] as const,
  providerReferrals: (providerId: number, search: string) =>
    [...communicationKeys.all, 'provider-referrals', providerId, search] as const,
};

/** `?a=1&b=2` of the defined values only. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
