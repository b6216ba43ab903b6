import type { MantineColor } from '@mantine/core';

/** 003 §2.5: five fixed chart colours (theme colours, shade 6, which keep 4.5:1 against white). */
export const CHART_COLORS = [
  'teal.6',
  'blue.6',
  'orange.6',
  'red.6',
  'grape.6',
] as const satisfies readonly MantineColor[];
