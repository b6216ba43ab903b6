import type { ConversationParams } from '../../api/communications/keys.ts';

/**
 * The thread list of one provider's SMS or Email tab. The tab badges read the same query, so both share one
 * request and one cache entry.
 */
export function providerThreadParams(providerId: number, method: 'sms' | 'email'): ConversationParams {
  return { provider_id: providerId, method };
}
