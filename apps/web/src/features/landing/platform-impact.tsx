import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PlatformImpact as Impact } from '@trust/domain';
import { usePlatformImpact } from '../../api/analytics/get-platform-impact.ts';

// 003 §2.3, issue #20: the Platform Impact figures with the specification's labels, counted by the server
// (GET /api/impact, open). The prerendered landing page draws the placeholders (nothing is fetched there); the
// figures arrive with the app.

const numberFormat = new Intl.NumberFormat('en-US');

/** A member-confirmed success rate (a fraction) as a whole percent; a dash before any member answered. */
function successText(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return `${Math.round(rate * 100)}%`;
}

const FIGURES: readonly { key: string; label: string; value: (impact: Impact) => string }[] = [
  { key: 'assists', label: 'Care navigation assists', value: (i) => numberFormat.format(i.assists) },
  { key: 'navigators', label: 'Navigators', value: (i) => numberFormat.format(i.navigators) },
  { key: 'service-areas', label: 'Service areas', value: (i) => numberFormat.format(i.service_areas) },
  { key: 'members', label: 'Targeted members', value: (i) => numberFormat.format(i.targeted_members) },
  { key: 'success', label: 'Success', value: (i) => successText(i.success_rate) },
];

export function PlatformImpact() {
  const impact = usePlatformImpact();
  return (
    <Stack gap="sm" component="section" aria-labelledby="impact-title" aria-busy={impact.isPending}>
      <Title order={2} size="h3" id="impact-title">
        Platform Impact
      </Title>
      {impact.isError && (
        <Text size="sm" c="dimmed">
          Figures are unavailable right now.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {FIGURES.map((figure) => (
          <Paper key={figure.key} withBorder p="md" ta="center">
            {impact.isSuccess ? (
              <Text
                fz={{ base: 22, sm: 26 }}
                fw={800}
                c="teal.7"
                lh={1.2}
                data-testid={`impact-${figure.key}`}
              >
                {figure.value(impact.data)}
              </Text>
            ) : impact.isPending ? (
              // The room the figure will take, so nothing moves when it arrives.
              <Skeleton height={31} width="60%" mx="auto" radius="sm" data-testid="impact-placeholder" />
            ) : null}
            <Text size="sm" c="dimmed">
              {figure.label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
