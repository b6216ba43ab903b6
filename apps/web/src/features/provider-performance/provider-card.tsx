import { Badge, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { matchTimeLabel, PERFORMANCE_SERVICE_CHIPS, type ProviderMetrics, qualityColor } from '@trust/domain';
import { useId } from 'react';
import { ServiceChips } from '../../components/provider/service-chips.tsx';

export function formatRate(rate: number | null) {
  return rate === null ? '—' : `${rate}%`;
}
export function formatDays(days: number | null) {
  return days === null ? '—' : `${days} ${days === 1 ? 'day' : 'days'}`;
}
export function formatHours(hours: number | null) {
  return hours === null ? '—' : `${hours} h`;
}
/**
 * Issue #14 item 4: the members' YES out of their YES and NO answers, with the count behind it ("75% (3 of 4)");
 * before any answer there is no rate to show, never 0%.
 */
export function formatMemberConfirmed(
  m: Pick<ProviderMetrics, 'memberConfirmedRate' | 'memberConfirmed' | 'memberAnswers'>,
) {
  if (m.memberConfirmedRate === null || m.memberAnswers === 0) return 'No answers yet';
  return `${m.memberConfirmedRate}% (${m.memberConfirmed} of ${m.memberAnswers})`;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** One provider on the dashboard (001 §2.19); opens the detail modal. */
export function ProviderCard({ metrics, onOpen }: { metrics: ProviderMetrics; onOpen: () => void }) {
  const p = metrics.provider;
  const label = matchTimeLabel(metrics.avgMatchToCloseTime);
  const placeId = useId();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* WCAG 2.5.3: the name holds the visible name; type and place are its description. */}
          <UnstyledButton
            onClick={onOpen}
            aria-label={`Open details of ${p.organization_name}`}
            aria-describedby={placeId}
          >
            <Text fw={700}>{p.organization_name}</Text>
            <Text size="xs" c="dimmed" id={placeId} aria-hidden>
              {p.organization_type}
              {p.city ? ` · ${p.city}${p.state ? `, ${p.state}` : ''}` : ''}
            </Text>
          </UnstyledButton>
          <Badge color={qualityColor(metrics.dataQualityScore)} variant="light" title="Data quality">
            {metrics.dataQualityScore}%
          </Badge>
        </Group>
        <Text size="sm">
          {metrics.googleRating === null
            ? 'No Google rating'
            : `★ ${metrics.googleRating.toFixed(1)} (${metrics.googleReviewCount ?? 0} reviews)`}
        </Text>
        <SimpleGrid cols={3} spacing="xs">
          <Stat label="Matched" value={String(metrics.referralsMatched)} />
          <Stat label="Accepted" value={String(metrics.referralsAccepted)} />
          <Stat label="Acceptance" value={formatRate(metrics.acceptanceRate)} />
        </SimpleGrid>
        <Text size="sm" title="Members who answered YES to 'Did you get the help you needed?'">
          Member-confirmed: {formatMemberConfirmed(metrics)}
        </Text>
        <Group gap="xs">
          <Text size="sm">Avg. match to close: {formatDays(metrics.avgMatchToCloseTime)}</Text>
          {label && (
            <Badge size="sm" variant="dot">
              {label}
            </Badge>
          )}
        </Group>
        <ServiceChips services={metrics.services} max={PERFORMANCE_SERVICE_CHIPS} />
      </Stack>
    </Card>
  );
}
