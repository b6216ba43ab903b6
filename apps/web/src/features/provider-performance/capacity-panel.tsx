import { Button, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CapacityStatus, type DirectoryProvider, providerCapacityRequestSchema } from '@trust/domain';
import { errorText } from '../../api/errors.ts';
import { useOwnListings } from '../../api/provider-performance/get-own-listings.ts';
import { useSetProviderCapacity } from '../../api/provider-performance/set-provider-capacity.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import {
  ConfirmListingButton,
  lastVerifiedText,
  OutOfDateBadge,
} from '../../components/provider/listing-freshness.tsx';

/** The same text the server answers for a waitlist without a wait (PUT /api/providers/{id}/capacity). */
export const WAIT_DAYS_REQUIRED = 'Enter the expected wait in days.';

const CHOICES: { value: CapacityStatus; label: string }[] = [
  { value: 'accepting', label: 'Accepting' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'full', label: 'Full' },
];

function confirmedText(at: string | null) {
  return at ? `Last confirmed ${formatDateTime(at)}` : 'Never confirmed';
}

/** One listing's capacity control: Accepting / Waitlist (expected wait in days) / Full. */
function ListingCapacity({ listing }: { listing: DirectoryProvider }) {
  const form = useZodForm({
    schema: providerCapacityRequestSchema,
    initialValues: {
      capacity_status: listing.capacity_status,
      capacity_wait_days: (listing.capacity_wait_days ?? '') as number | '',
    },
    // A wait only for a waitlist.
    toInput: ({ capacity_status, capacity_wait_days }) => ({
      capacity_status,
      capacity_wait_days:
        capacity_status === 'waitlist' && capacity_wait_days !== '' ? capacity_wait_days : null,
    }),
    rules: (v) =>
      v.capacity_status === 'waitlist' && v.capacity_wait_days === ''
        ? { capacity_wait_days: WAIT_DAYS_REQUIRED }
        : {},
  });
  const save = useSetProviderCapacity();
  const status = form.values.capacity_status;
  // One message: under the wait while it shows, else below the control.
  const error = form.formError ?? Object.values(form.errors)[0] ?? null;

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: listing.id, input },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `Capacity of ${listing.organization_name} saved.` }),
        onError: (err) => applyServerErrors(form, err, 'Failed to save capacity. Please try again.'),
      },
    ),
  );

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{listing.organization_name}</Text>
          <Text size="xs" c="dimmed">
            {confirmedText(listing.capacity_confirmed_at)}
          </Text>
        </Group>
        {/* Issue #18 item 7: the directory listing's freshness, confirmed in one click by its administrators. */}
        <Group gap="xs">
          <Text size="sm">Directory listing:</Text>
          {listing.may_be_out_of_date ? (
            <OutOfDateBadge provider={listing} />
          ) : (
            <Text size="xs" c="dimmed">
              {lastVerifiedText(listing)}
            </Text>
          )}
          <ConfirmListingButton provider={listing} />
        </Group>
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            aria-label={`Capacity of ${listing.organization_name}`}
            value={status}
            onChange={(v) => {
              form.setFieldValue('capacity_status', v as CapacityStatus);
              form.clearErrors();
              form.setFormError(null);
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
              value={form.values.capacity_wait_days}
              onChange={(v) =>
                form.setFieldValue(
                  'capacity_wait_days',
                  typeof v === 'number' ? v : v === '' ? '' : Number(v),
                )
              }
              error={error ?? undefined}
              w={170}
            />
          )}
          <Button onClick={() => submit()} loading={save.isPending}>
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
      <LoadErrorAlert
        error={listings.error}
        what="your provider listings"
        message={errorText(listings.error, 'Failed to load your provider listings.')}
        onRetry={() => void listings.refetch()}
      />
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
            Tell coordinators whether you take new referrals. Confirm it whenever it changes, and confirm your
            directory listing is current: listings nobody confirms for a while are marked "may be out of date"
            and ranked lower.
          </Text>
        </div>
        {listings.data.providers.map((l) => (
          <ListingCapacity
            key={`${l.id}-${l.capacity_confirmed_at ?? ''}-${l.last_verified_at}`}
            listing={l}
          />
        ))}
      </Stack>
    </Paper>
  );
}
