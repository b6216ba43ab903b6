import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

// 003 §2.3, §9: the Platform Impact figures, exactly as the specification lists them.
const IMPACT = [
  { value: '481,000', label: 'Care navigation assists' },
  { value: '28,097', label: 'Navigators' },
  { value: '12', label: 'Service areas' },
  { value: '6,441,134', label: 'Targeted members' },
  { value: '98%', label: 'Success' },
] as const;

export function PlatformImpact() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="impact-title">
      <Title order={2} size="h3" id="impact-title">
        Platform Impact
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {IMPACT.map((item) => (
          <Paper key={item.label} withBorder p="md" ta="center">
            <Text fz={{ base: 22, sm: 26 }} fw={800} c="teal.7" lh={1.2}>
              {item.value}
            </Text>
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
