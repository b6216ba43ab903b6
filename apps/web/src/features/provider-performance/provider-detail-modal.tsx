import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { matchTimeLabel, type ProviderMetrics, qualityColor } from '@trust/domain';
import { directionsUrl } from '../../components/provider/directions-url.ts';
import { formatDays, formatHours, formatMemberConfirmed, formatRate } from './provider-card.tsx';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

/** 001 §2.19 detail modal: stats, Google reviews, contact info, services and Get Directions. */
export function ProviderDetailModal({
  metrics,
  onClose,
}: {
  metrics: ProviderMetrics | null;
  onClose: () => void;
}) {
  const p = metrics?.provider;
  const directions = p ? directionsUrl(p) : null;
  const address = p
    ? [p.street_address, p.city, [p.state, p.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : '';
  const label = metrics ? matchTimeLabel(metrics.avgMatchToCloseTime) : null;
  return (
    <Modal opened={metrics !== null} onClose={onClose} title={p?.organization_name} size="lg">
      {metrics && p && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{p.organization_type}</Badge>
            <Badge color={qualityColor(metrics.dataQualityScore)} variant="light">
              Data quality {metrics.dataQualityScore}%
            </Badge>
          </Group>

          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <Stat label="Referrals matched" value={String(metrics.referralsMatched)} />
            <Stat label="Referrals accepted" value={String(metrics.referralsAccepted)} />
            <Stat label="Pending" value={String(metrics.referralsPending)} />
            <Stat label="Acceptance rate" value={formatRate(metrics.acceptanceRate)} />
            <Stat label="Avg. time to accept" value={formatHours(metrics.avgAcceptanceTime)} />
            <Stat
              label="Avg. match to close"
              value={`${formatDays(metrics.avgMatchToCloseTime)}${label ? ` (${label})` : ''}`}
            />
            <Stat label="Member-confirmed" value={formatMemberConfirmed(metrics)} />
            <Stat label="PHI emails sent" value={String(metrics.phiEmailsSent)} />
            <Stat
              label="Google rating"
              value={
                metrics.googleRating === null
                  ? '—'
                  : `★ ${metrics.googleRating.toFixed(1)} (${metrics.googleReviewCount ?? 0})`
              }
            />
          </SimpleGrid>

          <div>
            <Title order={4} size="h5" mb={4}>
              Google reviews
            </Title>
            {metrics.googleReviews.length === 0 ? (
              <Text size="sm" c="dimmed">
                No Google reviews yet. Use 'Update Google Ratings' to fetch them.
              </Text>
            ) : (
              <Stack gap="xs">
                {metrics.googleReviews.map((r, i) => (
                  <Paper key={`${r.author_name}-${r.time ?? i}`} withBorder p="xs">
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        {r.author_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.rating !== null ? `★ ${r.rating}` : ''} {r.relative_time_description ?? ''}
                      </Text>
                    </Group>
                    <Text size="sm">{r.text}</Text>
                  </Paper>
                ))}
              </Stack>
            )}
          </div>

          <Divider />
          <div>
            <Title order={4} size="h5" mb={4}>
              Contact
            </Title>
            <Stack gap={2}>
              {address && <Text size="sm">{address}</Text>}
              {p.phone && (
                <Anchor size="sm" href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>
                  {p.phone}
                </Anchor>
              )}
              {p.email && (
                <Anchor size="sm" href={`mailto:${p.email}`}>
                  {p.email}
                </Anchor>
              )}
              {p.website && (
                <Anchor
                  size="sm"
                  href={/^https?:\/\//i.test(p.website) ? p.website : `https://${p.website}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {p.website}
                </Anchor>
              )}
              {!address && !p.phone && !p.email && !p.website && (
                <Text size="sm" c="dimmed">
                  No contact information on file.
                </Text>
              )}
            </Stack>
          </div>

          <div>
            <Title order={4} size="h5" mb={4}>
              Services
            </Title>
            <Group gap={4}>
              {metrics.services.length === 0 ? (
                <Text size="sm" c="dimmed">
                  None listed.
                </Text>
              ) : (
                metrics.services.map((s) => (
                  <Badge key={s} variant="light" tt="none">
                    {s}
                  </Badge>
                ))
              )}
            </Group>
          </div>

          {directions && (
            <Button
              component="a"
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconMapPin size={16} />}
              variant="light"
            >
              Get Directions
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
