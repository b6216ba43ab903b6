import { useMediaQuery } from '@mantine/hooks';
import { usePrerender } from '../prerender-context.ts';
import { type LayoutBand, PHONE_QUERY, WIDE_QUERY } from './layout-bands.ts';

export function useLayoutBand(): LayoutBand {
  // Read synchronously so the first render already has the right layout (no flash, and start-tab rules see it).
  const wide = useMediaQuery(WIDE_QUERY, undefined, { getInitialValueInEffect: false });
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  // At build time (src/prerender) there is no screen to ask: the band being drawn is given.
  return usePrerender()?.band ?? { wide, phone };
}
