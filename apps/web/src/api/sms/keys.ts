// Query keys of two-way SMS (001 §7 "SMS and email"): one conversation per thread, or per referral and
// provider when the thread is not known yet.

export type SmsThreadParams = {
  conversation_id?: number;
  referral_id?: number;
  provider_id?: number;
};

export const smsKeys = {
  all: ['sms'] as const,
  conversations: () => [...smsKeys.all, 'conversation'] as const,
  conversation: (params: SmsThreadParams) => [...smsKeys.conversations(), params] as const,
};
