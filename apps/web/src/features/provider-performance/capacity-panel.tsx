import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CapacityStatus, type DirectoryProvider, providerCapacityRequestSchema } from '@trust/domain';
import { useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useOwnListings } from '../../api/provider-performance/get-own-listings.ts';
import { useSetProviderCapacity } from '../../api/provider-performance/set-provider-capacity.ts';

/** The same text the server answers for a waitlist without a wait (PUT /api/providers/{id}/capacity). */
export const WAIT_DAYS_REQUIRED = 'Enter the expected wait in days.';

const CHOICES: { value: CapacityStatus; label: string }[] = [
  { value: 'accepting', label: 'Accepting' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'full', label: 'Full' },
];

function confirmedText(at: string | null) {
  return at ? `Last confirmed ${new Date(at).toLocaleString()}` : 'Never confirmed';
}

/** One listing's capacity control: Accepting / Waitlist (expected wait in days) / Full. */
function ListingCapacity({ listing }: { listing: DirectoryProvider }) {
  const [status, setStatus] = useState<CapacityStatus>(listing.capacity_status);
  const [waitDays, setWaitDays] = useState<number | ''>(listing.capacity_wait_days ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetProviderCapacity();

  function submit() {
    setError(null);
    if (status === 'waitlist' && waitDays === '') {
      setError(WAIT_DAYS_REQUIRED);
      return;
    }
    const parsed = providerCapacityRequestSchema.safeParse({
      capacity_status: status,
      capacity_wait_days: status === 'waitlist' ? waitDays : null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? WAIT_DAYS_REQUIRED);
      return;
    }
    save.mutate(
      { id: listing.id, input: parsed.data },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `Capacity of ${listing.organization_name} saved.` }),
        onError: (err) => {
          const fieldError = err instanceof ApiError ? err.fields?.capacity_wait_days : undefined;
          setError(fieldError ?? errorText(err, 'Failed to save capacity. Please try again.'));
        },
      },
    );
  }

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{listing.organization_name}</Text>
          <Text size="xs" c="dimmed">
            {confirmedText(listing.capacity_confirmed_at)}
          </Text>
        </Group>
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            aria-label={`Capacity of ${listing.organization_name}`}
            value={status}
            onChange={(v) => {
              setStatus(v as CapacityStatus);
              setError(null);
            }}
            data={CHOICES}
          />
          {status === 'waitlist' && (
            <NumberInput
              label="Expected wait (days)"
              min={0}
              max={3650}
              allowDecimal={false}
              allowNegative={false}
              value={waitDays}
              onChange={(v) => setWaitDays(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
              error={error ?? undefined}
              w={170}
            />
          )}
          <Button onClick={submit} loading={save.isPending}>
            Confirm capacity
          </Button>
        </Group>
        {error && status !== 'waitlist' && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * "Our capacity" (issue: providers have "a capacity status that the provider's own users set … with the time
 * it was last confirmed"): shown only to organizations with provider listings; the server checks the rights.
 */
export function CapacityPanel() {
  const listings = useOwnListings();
  if (listings.isPending) return null;
  if (listings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(listings.error, 'Failed to load your provider listings.')}
      </Alert>
    );
  }
  if (listings.data.providers.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Our capacity
          </Title>
          <Text size="sm" c="dimmed">
            Tell coordinators whether you take new referrals. Confirm it whenever it changes.
          </Text>
        </div>
        {listings.data.providers.map((l) => (
          <ListingCapacity key={`${l.id}-${l.capacity_confirmed_at ?? ''}`} listing={l} />
        ))}
      </Stack>
    </Paper>
  );
}
