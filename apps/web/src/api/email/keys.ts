// Query keys of email conversations (001 §7 "SMS and email").

export type EmailThreadParams = {
  conversation_id?: number;
  referral_id?: number;
  provider_id?: number;
};

export const emailKeys = {
  all: ['email'] as const,
  templates: () => [...emailKeys.all, 'templates'] as const,
  conversations: () => [...emailKeys.all, 'conversation'] as const,
  conversation: (params: EmailThreadParams) => [...emailKeys.conversations(), params] as const,
};
