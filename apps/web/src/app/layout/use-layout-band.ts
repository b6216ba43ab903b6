import { useMediaQuery } from '@mantine/hooks';

export interface LayoutBand {
  /** 1024 px and up: fixed sidebar, admin tab available (003 §2.1, §6). */
  wide: boolean;
  /** Under 640 px: the compact phone layout. */
  phone: boolean;
}

export const WIDE_QUERY = '(min-width: 64em)';
export const PHONE_QUERY = '(max-width: 39.99em)';

export function useLayoutBand(): LayoutBand {
  // Read synchronously so the first render already has the right layout (no flash, and start-tab rules see it).
  const wide = useMediaQuery(WIDE_QUERY, undefined, { getInitialValueInEffect: false });
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  return { wide, phone };
}
