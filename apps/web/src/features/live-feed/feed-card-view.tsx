import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { daysUntil, EXPIRY_WARNING_DAYS, type FeedCard, relativeAge } from '@trust/domain';
import type { ReactNode } from 'react';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function location(card: FeedCard): string {
  const place = [card.city, card.state].filter(Boolean).join(', ');
  return [card.zip_code, place].filter(Boolean).join(' · ');
}

/** 000 §4.2, §9: the provider has 7 days to answer; "Expiring Soon" at 3 days or fewer. */
function ExpiryLine({ expiresAt, now }: { expiresAt: string; now: Date }) {
  const days = daysUntil(expiresAt, now);
  const soon = days <= EXPIRY_WARNING_DAYS;
  return (
    <Group gap="xs">
      <Text size="sm" c={soon ? 'red' : undefined}>
        {days > 0
          ? `Respond within ${days} ${days === 1 ? 'day' : 'days'} (by ${new Date(expiresAt).toLocaleDateString()})`
          : 'The time to respond has passed'}
      </Text>
      {soon && days > 0 && (
        <Badge color="red" variant="light" size="sm">
          Expiring Soon
        </Badge>
      )}
    </Group>
  );
}

/**
 * One referral of the live feed (000 §2.6): urgency, member, Medicaid ID, phone, needs with subcategories,
 * place, language, who referred and the referring provider, age, and the diagnosis when the viewer may see it.
 * A visitor's card arrives masked from the server and is shown as it is.
 */
export function FeedCardView({ card, now, actions }: { card: FeedCard; now: Date; actions: ReactNode }) {
  const titleId = `feed-card-${card.id}-title`;
  const subcategories = [...card.housing_subcategories, ...card.transportation_subcategories];
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <UrgencyBadge urgency={card.urgency_level} size="sm" />
            {card.status !== 'pending' && <ReferralStatusBadge status={card.status} size="sm" />}
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {relativeAge(card.created_at, now)}
          </Text>
        </Group>
        <div>
          <Text fw={600} size="lg" id={titleId}>
            {card.member_name}
          </Text>
          <Text size="xs" c="dimmed">
            Referral #{card.referral_number}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <Detail label="Medicaid ID" value={card.medicaid_id} />
          <Detail label="Phone" value={card.phone_number} />
          <Detail label="Location" value={location(card)} />
          <Detail label="Language" value={card.preferred_language} />
          <Detail label="Referred by" value={card.referred_by} />
          <Detail label="Referring provider" value={card.referring_provider} />
          {card.primary_diagnosis && <Detail label="Diagnosis" value={card.primary_diagnosis} />}
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed">
            Needs
          </Text>
          <Group gap={6} mt={4}>
            {card.sdoh_needs.map((need) => (
              <Badge key={need} variant="light" color="blue" tt="none" maw="100%">
                {need}
              </Badge>
            ))}
            {subcategories.map((sub) => (
              <Badge key={sub} variant="outline" color="gray" tt="none" maw="100%">
                {sub}
              </Badge>
            ))}
          </Group>
        </div>
        {card.status !== 'pending' && card.expires_at && <ExpiryLine expiresAt={card.expires_at} now={now} />}
        {actions}
      </Stack>
    </Paper>
  );
}
