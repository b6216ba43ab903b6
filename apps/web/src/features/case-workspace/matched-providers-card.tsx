import { Alert, Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ClientReferral, MatchedProvider, MatchedProviderEntry } from '@trust/domain';
import { formatDateTime } from '../../components/format-date.ts';
import { WORKSPACE_MESSAGES } from './messages.ts';
import {
  PROVIDER_STATE_COLORS,
  PROVIDER_STATE_LABELS,
  type ProviderState,
  providerState,
  servicesPreview,
} from './workspace-format.ts';

/** One matched provider (001 §3 matched provider entry). Distance shows only when the directory knows it. */
export type ProviderEntry = {
  provider: MatchedProvider;
  state: ProviderState;
  distanceMiles: number | null;
  sentAt: string | null;
  respondedAt: string | null;
};

/**
 * The referral's providers (000 §2.7 list): its matched provider entries when it was matched to several (001 §3:
 * pending, sent, accepted, not_selected), else its one matched provider.
 */
export function providerEntries(
  referral: ClientReferral,
  entries: readonly MatchedProviderEntry[] = [],
): ProviderEntry[] {
  if (entries.length > 0) {
    return entries.map((e) => {
      const matched = referral.matchedProvider?.id === e.provider_id;
      // An entry's own decline (issue #14) shows as the panel's Rejected.
      const own: ProviderState = e.status === 'declined' ? 'rejected' : e.status;
      const state: ProviderState = matched && e.status === 'accepted' ? providerState(referral) : own;
      return {
        provider: {
          id: e.provider_id,
          name: e.organization_name,
          organization_type: '',
          services: e.services,
          phone: e.communication_method === 'phone' ? e.contact_value : null,
          email: e.communication_method === 'email' ? e.contact_value : null,
          city: null,
          state: null,
          organization_id: null,
          ...(matched ? referral.matchedProvider : {}),
        },
        state,
        distanceMiles: e.distance_miles,
        sentAt: e.sent_at,
        respondedAt: matched && state === 'accepted' ? referral.acceptedAt : null,
      };
    });
  }
  if (!referral.matchedProvider) return [];
  const state = providerState(referral);
  return [
    {
      provider: referral.matchedProvider,
      state,
      distanceMiles: null,
      sentAt: referral.matchedAt,
      respondedAt:
        state === 'accepted' ? referral.acceptedAt : state === 'rejected' ? referral.rejectedAt : null,
    },
  ];
}

function ProviderRow({ entry }: { entry: ProviderEntry }) {
  const { provider, state } = entry;
  const services = servicesPreview(provider.services);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={provider.name}
      style={{ borderLeft: `4px solid var(--mantine-color-${PROVIDER_STATE_COLORS[state]}-6)` }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {provider.name}
          </Text>
          <Badge color={PROVIDER_STATE_COLORS[state]} variant="light">
            {PROVIDER_STATE_LABELS[state]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            provider.organization_type,
            [provider.city, provider.state].filter(Boolean).join(', '),
            entry.distanceMiles === null ? null : `${entry.distanceMiles.toFixed(1)} miles`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {services.shown.length > 0 && (
          <Group gap={6} aria-label="Services">
            {services.shown.map((s) => (
              <Badge key={s} variant="outline" color="gray" size="sm">
                {s}
              </Badge>
            ))}
            {services.more > 0 && (
              <Badge variant="transparent" color="gray" size="sm">
                +{services.more} more
              </Badge>
            )}
          </Group>
        )}
        <Group gap="lg">
          {entry.sentAt && (
            <Text size="xs" c="dimmed">
              Sent: {formatDateTime(entry.sentAt)}
            </Text>
          )}
          {entry.respondedAt && (
            <Text size="xs" c="dimmed">
              Responded: {formatDateTime(entry.respondedAt)}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * 000 §2.7 matched providers: organization, distance (when known), status colour, the first 3 services plus
 * "+N more", sent and responded dates, and a "Provider Accepted" banner naming the accepted provider.
 */
export function MatchedProvidersCard({
  entries,
  method,
}: {
  entries: ProviderEntry[];
  method: string | null;
}) {
  if (entries.length === 0) return null;
  const accepted = entries.find((e) => e.state === 'accepted');
  const title = method === 'auto' ? 'Auto-Matched Providers' : 'Matched Providers';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{title}</Title>
          {method === 'claim' && (
            <Badge variant="light" color="blue">
              Claimed from the live feed
            </Badge>
          )}
        </Group>
        {accepted && (
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            title={WORKSPACE_MESSAGES.providerAccepted}
          >
            {accepted.provider.name} accepted this referral
            {accepted.respondedAt ? ` on ${formatDateTime(accepted.respondedAt)}` : ''}.
          </Alert>
        )}
        {entries.map((entry) => (
          <ProviderRow key={entry.provider.id} entry={entry} />
        ))}
      </Stack>
    </Card>
  );
}
