import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsShuffle, IconSearch, IconSend } from '@tabler/icons-react';
import {
  type ClientReferral,
  canTake,
  type LifecycleStatus,
  lifecycleActorsOf,
  MATCHING_MESSAGES,
  type MatchedProviderEntry,
  OPEN_ENTRY_STATUSES,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useAutoMatchReferral } from '../../api/matching/auto-match-referral.ts';
import { useMatchedProviders } from '../../api/matching/get-matched-providers.ts';
import { SendToProvidersDialog } from '../../components/send-referral/send-to-providers-dialog.tsx';
import { DETAILS_MESSAGES } from './messages.ts';

// Issue #14 item 8, "a path through the work": from Referral Details the referring organization matches a
// referral that has no provider (Auto-Match, or Find a provider on the manual-matching screen) and sends it to the
// matched providers not yet sent it. The lifecycle table (packages/domain referral-lifecycle.ts) says when a match
// is a step the organization may take; the server checks the same.

function statusOf(r: ClientReferral): LifecycleStatus {
  return r.status.toLowerCase() as LifecycleStatus;
}

/** Whether this organization may match the referral now: its referrer, from Pending, Rejected or Expired. */
export function mayMatch(r: ClientReferral): boolean {
  const actors = lifecycleActorsOf({
    viewer_role: r.viewerRole,
    organization_id: r.organizationId,
    matched_provider: r.matchedProvider
      ? { organization_id: r.matchedProvider.organization_id ?? null }
      : null,
  });
  const status = statusOf(r);
  return (
    actors.includes('referrer') &&
    canTake('auto_match', status, 'referrer') &&
    canTake('match', status, 'referrer')
  );
}

/** The matched entries a send may go to (001 §2.8), nearest first in the dialog. */
export function sendableEntries(entries: readonly MatchedProviderEntry[]): MatchedProviderEntry[] {
  // Not yet sent, or sent and unanswered (match-entry-lifecycle.ts); declined, expired, not selected never.
  return entries.filter((e) => OPEN_ENTRY_STATUSES.includes(e.status));
}

function whyMatch(status: LifecycleStatus): string {
  if (status === 'rejected') return DETAILS_MESSAGES.matchAfterRejected;
  if (status === 'expired') return DETAILS_MESSAGES.matchAfterExpired;
  return DETAILS_MESSAGES.matchPending;
}

function MatchSection({
  referral,
  busy,
  error,
  onAutoMatch,
  onFindProvider,
  onDismissError,
}: {
  referral: ClientReferral;
  busy: boolean;
  error: string | null;
  onAutoMatch: () => void;
  onFindProvider: () => void;
  onDismissError: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={DETAILS_MESSAGES.matchTitle}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {DETAILS_MESSAGES.matchTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {whyMatch(statusOf(referral))} {DETAILS_MESSAGES.matchChoices}
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconArrowsShuffle size={16} />} loading={busy} onClick={onAutoMatch}>
            Auto-Match
          </Button>
          <Button
            variant="light"
            leftSection={<IconSearch size={16} />}
            disabled={busy}
            onClick={onFindProvider}
          >
            Find a provider
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={onDismissError}>
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function SendSection({ referral }: { referral: ClientReferral }) {
  const id = Number(referral.id);
  const entries = useMatchedProviders(id);
  const [sending, setSending] = useState(false);
  const open = sendableEntries(entries.data?.matched_providers ?? []);
  const notSent = open.filter((e) => e.status === 'pending').length;

  return (
    <>
      {notSent > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={DETAILS_MESSAGES.sendTitle}>
          <Group justify="space-between" gap="sm">
            <div>
              <Title order={3} size="h5">
                {DETAILS_MESSAGES.sendTitle}
              </Title>
              <Text size="sm" c="dimmed">
                {DETAILS_MESSAGES.notSentYet(notSent)}
              </Text>
            </div>
            <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
              Send to Providers
            </Button>
          </Group>
        </Paper>
      )}
      {/* Outside the condition: once sent, the dialog stays open with the results while the entries refresh. */}
      {sending && (
        <SendToProvidersDialog
          opened
          referral={{ id, referral_number: referral.referralNumber }}
          providers={open}
          onClose={() => setSending(false)}
        />
      )}
    </>
  );
}

/**
 * The referring organization's way forward on Referral Details: Match while no provider has the referral (Pending,
 * Rejected, Expired), Send while matched providers have not been sent it. Render it for the owner's writers only.
 */
export function ReferralPathActions({
  referral,
  onFindProvider,
}: {
  referral: ClientReferral;
  onFindProvider: () => void;
}) {
  // Held here, not in the Match section: that section goes away as soon as the referral is matched.
  const autoMatch = useAutoMatchReferral();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const matched = statusOf(referral) === 'matched';

  const runAutoMatch = () => {
    setError(null);
    setNotice(null);
    // The hook refreshes the referral (and the matching screens) once the server has matched it.
    autoMatch.mutate(Number(referral.id), {
      onSuccess: (out) =>
        setNotice(
          `Matched ${out.matched_providers.length} providers to referral #${referral.referralNumber}.`,
        ),
      onError: (e) => setError(errorText(e, MATCHING_MESSAGES.autoMatchFailed)),
    });
  };

  return (
    <>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      {mayMatch(referral) && (
        <MatchSection
          referral={referral}
          busy={autoMatch.isPending}
          error={error}
          onAutoMatch={runAutoMatch}
          onFindProvider={onFindProvider}
          onDismissError={() => setError(null)}
        />
      )}
      {matched && <SendSection referral={referral} />}
    </>
  );
}
