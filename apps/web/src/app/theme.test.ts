import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_COLORS, theme } from './theme.ts';

// WCAG 1.4.3: text at least 4.5:1 against what it sits on. Mantine paints, in the light scheme: filled
// buttons and badges white on shade 6 (hover 7); outline variants and coloured text in shade 6 on the page;
// light variants (badges, alerts, the active nav link) in shade 9 on shade 1; dimmed text in gray-6.

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
const GRAY = ACCESSIBLE_COLORS.gray;
/** The page and the surfaces the app sets (cards and panels on gray-0 and gray-1). */
const SURFACES = [WHITE, GRAY[0], GRAY[1]];

describe('theme colours', () => {
  it('uses them all', () => {
    expect(theme.colors).toBe(ACCESSIBLE_COLORS);
    expect(theme.primaryColor).toBe('teal');
  });

  for (const [name, shades] of Object.entries(ACCESSIBLE_COLORS)) {
    it(`${name}: white on filled (6, hover 7), shade 6 on every surface, shade 9 on its light background`, () => {
      expect(contrast(WHITE, shades[6])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(WHITE, shades[7])).toBeGreaterThanOrEqual(4.5);
      for (const surface of SURFACES) expect(contrast(shades[6], surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[0])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('dimmed text (gray-6) reads on every surface and on every light background', () => {
    for (const surface of SURFACES) expect(contrast(GRAY[6], surface)).toBeGreaterThanOrEqual(4.5);
    for (const shades of Object.values(ACCESSIBLE_COLORS))
      expect(contrast(GRAY[6], shades[1])).toBeGreaterThanOrEqual(4.5);
  });
});
