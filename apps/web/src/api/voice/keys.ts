import type { CallHistoryQuery, VoicemailListQuery } from '@trust/domain';

// Query keys of calls and voicemail (001 §7 "Phone and voicemail"). A live voice event refreshes everything under
// `all`.
export type CallHistoryParams = Partial<Pick<CallHistoryQuery, 'referral_id' | 'provider_id' | 'page'>>;
export type VoicemailParams = Partial<Pick<VoicemailListQuery, 'referral_id' | 'provider_id'>>;

export const voiceKeys = {
  all: ['voice'] as const,
  calls: () => [...voiceKeys.all, 'calls'] as const,
  callHistory: (params: CallHistoryParams) => [...voiceKeys.calls(), params] as const,
  voicemails: () => [...voiceKeys.all, 'voicemails'] as const,
  voicemailList: (params: VoicemailParams) => [...voiceKeys.voicemails(), params] as const,
};
