import {
  Alert,
  Badge,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  Input,
  InputPlaceholder,
  Loader,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
  Pagination,
} from '@mantine/core';
import classes from './theme.module.css';

type Shades = readonly [string, string, string, string];

/**
 * Mantine's shades 0–5 of a colour (tints, used as backgrounds) with darker shades 6–9. Mantine paints filled
 * buttons and badges in shade 6 with white text, outline and coloured text in shade 6, and the text of light
 * variants (badges, alerts, the active nav link) in shade 9 on shade 1. Its own shades 6 give white text
 * 1.9–3.6:1 (teal 2.55, orange 2.57); these keep each hue and reach 4.5:1 (WCAG 1.4.3) on white, gray-0 and
 * gray-1 surfaces, and shade 9 on the colour's own shades 0 and 1. theme.test.ts measures every pair.
 */
function darkShades(name: string, shades: Shades): MantineColorsTuple {
  const tints = DEFAULT_THEME.colors[name]?.slice(0, 6) ?? [];
  return [...tints, ...shades] as unknown as MantineColorsTuple;
}

/** The colours the app uses, with text-safe shades 6–9 (gray-6 is also Mantine's 'dimmed' text). */
export const ACCESSIBLE_COLORS = {
  gray: darkShades('gray', ['#5c636a', '#495057', '#343a40', '#212529']),
  red: darkShades('red', ['#cf2f2f', '#c52929', '#b82626', '#a12222']),
  pink: darkShades('pink', ['#c63366', '#bf295d', '#b62256', '#9d1c49']),
  grape: darkShades('grape', ['#a63fc1', '#9e38b7', '#9533ad', '#7a2a8e']),
  violet: darkShades('violet', ['#764eed', '#6f47e5', '#6741d9', '#5435b0']),
  indigo: darkShades('indigo', ['#4362e3', '#3d5adc', '#3854d0', '#3046b1']),
  blue: darkShades('blue', ['#1b70bd', '#1969b4', '#1761a7', '#145490']),
  cyan: darkShades('cyan', ['#0c788b', '#0b7083', '#0a6879', '#095c6b']),
  teal: darkShades('teal', ['#087d59', '#077554', '#076c4d', '#066246']),
  green: darkShades('green', ['#277c38', '#247334', '#216b30', '#1e612c']),
  lime: darkShades('lime', ['#4c7a0b', '#46710a', '#406709', '#3c6008']),
  yellow: darkShades('yellow', ['#8e6403', '#845d03', '#7a5603', '#704f03']),
  orange: darkShades('orange', ['#b15102', '#a74c02', '#9d4702', '#8b3f02']),
};

// 003 §2.1, §9 layout bands: under 640 px a compact phone layout (xs), 768–1023 px tablet (sm), 1024 px and up
// the wide layout with a fixed sidebar (md).
export const theme = createTheme({
  primaryColor: 'teal',
  colors: ACCESSIBLE_COLORS,
  // Keyboard focus shows Mantine's outline on every control; text fields get theirs from theme.module.css.
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '40em', sm: '48em', md: '64em', lg: '80em', xl: '96em' },
  components: {
    // A badge is a short status or role word: in a squeezed table cell it keeps its whole text (the table
    // scrolls) instead of shrinking to 'ACT…'.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // The close button of a dialog is an icon: it needs a name for screen readers (axe button-name).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Close' } }),
    Input: Input.extend({ classNames: { input: classes.input } }),
    // A file input's placeholder is text on the page (not an attribute), so it must be readable: gray 7 on white,
    // not Mantine's light placeholder gray (axe color-contrast).
    InputPlaceholder: InputPlaceholder.extend({ classNames: { placeholder: classes.placeholder } }),
    // A loader is a bare <span>: a name (aria-label, which screens give it: "Loading the live feed") is only
    // allowed on an element with a role (axe aria-prohibited-attr), and a status is what a loader is.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // Mantine's initial-focus placeholder is a focusable role="presentation" div inside role="menu", which a
    // menu may not hold (axe aria-required-children); without it the first item takes focus, as in a menu.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // The page numbers name themselves; the arrows get a name (axe button-name).
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    }),
  },
});
