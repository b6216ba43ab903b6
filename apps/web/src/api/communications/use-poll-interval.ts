import { useEventsStatus } from '../events/use-app-events.ts';

/**
 * The refetch interval of a communications query: none while the live stream is open (events invalidate the
 * queries within a second), the spec's polling interval while it is down (001 §9, DESIGN.md "Real-time").
 */
export function usePollInterval(ms: number): number | false {
  return useEventsStatus() === 'open' ? false : ms;
}
