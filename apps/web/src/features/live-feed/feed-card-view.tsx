import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { daysUntil, EXPIRY_WARNING_DAYS, type FeedCard } from '@trust/domain';
import type { ReactNode } from 'react';
import { formatDate, relativeAge } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';

/** One label and value of a card, as a term and its description (the card's details are a description list). */
function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
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
          ? `Respond within ${days} ${days === 1 ? 'day' : 'days'} (by ${formatDate(expiresAt)})`
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

/** Said on a claim card, under its number: why it shows initials only. */
export const CLAIM_CARD_NOTE = 'Initials only: full details go to the organization that accepts it';

/**
 * One referral of the live feed (000 §2.6), at the level the server sent (issue #12 minimum necessary):
 * - full (the reader's organization referred the member or is the matched provider's): member, Medicaid ID,
 *   phone, place, language, availability, age band, who referred and the referring provider, the diagnosis;
 * - claim (another organization's referral): initials, place, language, availability, age band, who referred;
 *   the withheld fields are not shown at all, not as empty rows;
 * - masked (a signed-out visitor): as masked by the server, shown as it is.
 * Needs with subcategories and urgency on every card.
 */
export function FeedCardView({ card, now, actions }: { card: FeedCard; now: Date; actions: ReactNode }) {
  const titleId = `feed-card-${card.id}-title`;
  const noteId = `feed-card-${card.id}-note`;
  const subcategories = [...card.housing_subcategories, ...card.transportation_subcategories];
  const identifying = card.detail !== 'claim';
  const deciding = card.detail !== 'masked';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      aria-describedby={card.detail === 'claim' ? noteId : undefined}
      data-detail={card.detail}
      // A page holds up to 50 cards and a phone shows two or three: the browser skips the style, layout and
      // paint of those off screen until they scroll near (issue #13). Still in the page for find and readers.
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 260px' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <UrgencyBadge urgency={card.urgency} size="sm" />
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
          {card.detail === 'claim' && (
            <Text size="xs" c="dimmed" id={noteId}>
              {CLAIM_CARD_NOTE}
            </Text>
          )}
        </div>
        <Box
          component="dl"
          m={0}
          style={{
            // Columns of at least 9rem (two on a phone), at most four: the gap is 3 × sm between four columns.
            display: 'grid',
            gridTemplateColumns:
              'repeat(auto-fill, minmax(min(100%, max(9rem, (100% - 3 * var(--mantine-spacing-sm)) / 4)), 1fr))',
            gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
          }}
        >
          {identifying && <Detail label="Medicaid ID" value={card.medicaid_id} />}
          {identifying && <Detail label="Phone" value={card.phone_number} />}
          <Detail label="Location" value={location(card)} />
          <Detail label="Language" value={card.preferred_language} />
          {deciding && card.availability && <Detail label="Availability" value={card.availability} />}
          {deciding && card.age_band && <Detail label="Age" value={card.age_band} />}
          <Detail label="Referred by" value={card.referred_by} />
          {identifying && <Detail label="Referring provider" value={card.referring_provider} />}
          {card.primary_diagnosis && <Detail label="Diagnosis" value={card.primary_diagnosis} />}
        </Box>
        <div>
          <Text size="xs" c="dimmed" id={`feed-card-${card.id}-needs`}>
            Needs
          </Text>
          <Group gap={6} mt={4} role="list" aria-labelledby={`feed-card-${card.id}-needs`}>
            {card.sdoh_needs.map((need) => (
              <Badge key={need} role="listitem" variant="light" color="blue" tt="none" maw="100%">
                {need}
              </Badge>
            ))}
            {subcategories.map((sub) => (
              <Badge key={sub} role="listitem" variant="outline" color="gray" tt="none" maw="100%">
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
