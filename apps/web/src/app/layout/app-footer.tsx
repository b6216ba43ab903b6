import { Box, Text } from '@mantine/core';

/** 003 §1: the footer shows the current year and a copyright line. */
export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      mt="xl"
      pt="md"
      pb="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="xs" c="dimmed" ta="center">
        © {year} Trust Marketplace. All rights reserved.
      </Text>
    </Box>
  );
}
