import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockExclamation, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { type DirectoryProvider, FRESHNESS_MESSAGES, isOrgManager, type Me } from '@trust/domain';
import { useConfirmListing } from '../../api/directory/confirm-listing.ts';
import { errorText } from '../../api/errors.ts';
import { useSignedInUser } from '../../app/auth/auth-context.tsx';
import { formatDate } from '../format-date.ts';

// Directory freshness (issue #18 item 7) where a listing is shown: "may be out of date" with the day it was last
// verified (words, not a colour alone), and "Confirm listing" for the provider's own organization.

/** "Last verified 3/1/2026": when a registry or the provider's own organization last confirmed the listing. */
export function lastVerifiedText(p: Pick<DirectoryProvider, 'last_verified_at'>): string {
  return `Last verified ${formatDate(p.last_verified_at)}`;
}

/**
 * The "may be out of date" badge of a listing nobody confirmed within the stale time, with the day it was last
 * verified beside it (both words on the screen, so the state never rests on the badge's colour). Nothing for a
 * current listing.
 */
export function OutOfDateBadge({
  provider: p,
  withDate = true,
}: {
  provider: DirectoryProvider;
  /** False where the last-verified day is shown on a line of its own (the detail modal). */
  withDate?: boolean;
}) {
  if (!p.may_be_out_of_date) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color="yellow"
        // Dark text on the pale yellow: Mantine's yellow on its light tint is below 4.5:1.
        c="dark.6"
        variant="light"
        size="sm"
        tt="none"
        leftSection={<IconClockExclamation size={12} aria-hidden />}
      >
        {FRESHNESS_MESSAGES.mayBeOutOfDate}
      </Badge>
      {withDate && (
        <Text size="xs" c="dimmed">
          {lastVerifiedText(p)}
        </Text>
      )}
    </Group>
  );
}

/** Whether the signed-in user may confirm this listing: an administrator or manager of its own organization. */
export function canConfirmListing(user: Me | null, p: Pick<DirectoryProvider, 'organization_id'>): boolean {
  return (
    user !== null &&
    p.organization_id !== null &&
    user.active_cbo_id === p.organization_id &&
    isOrgManager(user.org_role)
  );
}

/**
 * "Confirm listing", one click, for the provider's own organization's administrators and managers (the server
 * checks it again); a toast says it is done, and every list showing the provider reads it again.
 */
export function ConfirmListingButton({
  provider: p,
  size = 'xs',
  onConfirmed,
}: {
  provider: DirectoryProvider;
  size?: 'xs' | 'sm';
  onConfirmed?: (provider: DirectoryProvider) => void;
}) {
  const user = useSignedInUser();
  const confirm = useConfirmListing();
  if (!canConfirmListing(user, p)) return null;
  return (
    <Button
      size={size}
      variant="light"
      color="teal"
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
      loading={confirm.isPending}
      aria-label={`${FRESHNESS_MESSAGES.confirmListing}: ${p.organization_name}`}
      onClick={() =>
        confirm.mutate(p.id, {
          onSuccess: (updated) => {
            notifications.show({
              color: 'green',
              message: FRESHNESS_MESSAGES.listingConfirmed(updated.organization_name),
            });
            onConfirmed?.(updated);
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorText(error, FRESHNESS_MESSAGES.confirmFailed),
              autoClose: 6000,
            }),
        })
      }
    >
      {FRESHNESS_MESSAGES.confirmListing}
    </Button>
  );
}
