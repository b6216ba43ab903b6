import { Badge, createTheme, Modal } from '@mantine/core';

// 003 §2.1, §9 layout bands: under 640 px a compact phone layout (xs), 768–1023 px tablet (sm), 1024 px and up
// the wide layout with a fixed sidebar (md).
export const theme = createTheme({
  primaryColor: 'teal',
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
  },
});
