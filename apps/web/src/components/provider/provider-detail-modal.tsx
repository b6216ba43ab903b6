import { Anchor, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { type DirectoryProvider, PROVIDER_DATA_SOURCE_LABELS } from '@trust/domain';
import type { ReactNode } from 'react';
import { CallFirstWarning, DataQualityBadge } from './data-quality.tsx';
import { directionsUrl, formatAddress } from './directions-url.ts';
import { lastVerifiedText, OutOfDateBadge } from './listing-freshness.tsx';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function yesNo(value: boolean) {
  return value ? 'Yes' : 'No';
}

/**
 * 001 §2.6 detail modal: everything the directory knows about a provider (contact, services, languages,
 * insurance, accessibility, hours, rating, capacity), with Get Directions and the caller's own actions.
 */
export function ProviderDetailModal({
  provider: p,
  loading = false,
  error,
  onClose,
  actions,
}: {
  provider: DirectoryProvider | null;
  loading?: boolean;
  error?: string | null;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const opened = p !== null || loading || Boolean(error);
  const directions = p ? directionsUrl(p) : null;
  const hours = p ? DAYS.filter((d) => p.hours_of_operation[d]) : [];
  const phone = p ? (p.primary_phone ?? p.phone) : null;
  const email = p ? (p.primary_email ?? p.email) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={p?.organization_name ?? 'Provider'} size="lg">
      {loading && !p && <Loader size="sm" />}
      {error && (
        <Text c="red" role="alert">
          {error}
        </Text>
      )}
      {p && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="outline" tt="none">
              {p.organization_type}
            </Badge>
            <DataQualityBadge score={p.data_quality_score} />
            {p.distance_miles !== null && <Badge variant="light">{p.distance_miles} mi away</Badge>}
            <OutOfDateBadge provider={p} withDate={false} />
          </Group>
          <CallFirstWarning score={p.data_quality_score} />
          {/* A label/value grid of one provider, not a list of records: a plain Table, not DataTable. */}
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Row label="Address">{formatAddress(p) || '—'}</Row>
              <Row label="Phone">
                {phone ? <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor> : '—'}
              </Row>
              <Row label="Email">{email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : '—'}</Row>
              <Row label="Website">
                {p.website ? (
                  <Anchor href={p.website} target="_blank" rel="noopener noreferrer">
                    {p.website}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Row>
              <Row label="Services">{p.services.join(', ') || '—'}</Row>
              <Row label="Languages">{p.languages_spoken.join(', ') || '—'}</Row>
              <Row label="Accepts Medicaid">{yesNo(p.accepts_medicaid)}</Row>
              <Row label="Accepts Medicare">{yesNo(p.accepts_medicare)}</Row>
              <Row label="Wheelchair accessible">{yesNo(p.wheelchair_accessible)}</Row>
              <Row label="Capacity">
                {p.capacity_status === 'waitlist' && p.capacity_wait_days !== null
                  ? `Waitlist (about ${p.capacity_wait_days} days)`
                  : p.capacity_status === 'accepting'
                    ? 'Accepting referrals'
                    : p.capacity_status === 'full'
                      ? 'Full'
                      : 'Waitlist'}
              </Row>
              <Row label="Listing">
                {lastVerifiedText(p)} · {PROVIDER_DATA_SOURCE_LABELS[p.data_source]}
              </Row>
              {p.google_rating !== null && (
                <Row label="Google rating">
                  {p.google_rating.toFixed(1)} ★ ({p.google_review_count ?? 0} reviews)
                </Row>
              )}
              {hours.length > 0 && (
                <Row label="Hours">
                  <Stack gap={0}>
                    {hours.map((d) => (
                      <Text key={d} size="sm">
                        <Text span tt="capitalize" size="sm">
                          {d}
                        </Text>
                        : {p.hours_of_operation[d]}
                      </Text>
                    ))}
                  </Stack>
                </Row>
              )}
            </Table.Tbody>
          </Table>
          <Group gap="xs">
            {directions && (
              <Button
                component="a"
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconMapPin size={16} />}
              >
                Get Directions
              </Button>
            )}
            {actions}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
