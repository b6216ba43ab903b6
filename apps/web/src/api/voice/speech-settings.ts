import { useQuery } from '@tanstack/react-query';
import type { SpeechSettings } from '@trust/domain';
import { apiRequest } from '../client.ts';

// Issue #19: what speech to text the caller's organization allows (the browser's own recognition or not) and
// which languages the server can transcribe.

export const speechKeys = {
  all: ['speech'] as const,
  settings: () => [...speechKeys.all, 'settings'] as const,
};

/** GET /api/speech/settings. */
export function getSpeechSettings(signal?: AbortSignal): Promise<SpeechSettings> {
  return apiRequest<SpeechSettings>('/api/speech/settings', { signal });
}

export function useSpeechSettings() {
  return useQuery({
    queryKey: speechKeys.settings(),
    queryFn: ({ signal }) => getSpeechSettings(signal),
    // The organization's setting rarely changes while a screen is open.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
