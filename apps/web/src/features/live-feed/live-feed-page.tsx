import {
  Alert,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  FEED_MESSAGES,
  type FeedCard,
  type OrgRole,
  RESPONSE_MESSAGES,
  RESPONSE_WINDOW_DAYS,
} from '@trust/domain';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/errors.ts';
import { useEventsStatus } from '../../api/events/use-app-events.ts';
import { useClaimReferral } from '../../api/live-feed/claim-referral.ts';
import { type FeedPages, feedCards, removeCard } from '../../api/live-feed/feed-cache.ts';
import { type FeedReader, liveFeedKeys, useLiveFeed } from '../../api/live-feed/get-live-feed.ts';
import { usePassedIds, usePassReferral } from '../../api/live-feed/pass-referral.ts';
import { useLiveFeedEvents } from '../../api/live-feed/use-live-feed-events.ts';
import { useAcceptReferral, useRejectReferral } from '../../api/referrals/respond-to-referral.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { useOverlays } from '../../app/overlays/overlay-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { useRevealedCount } from '../../components/use-revealed-count.ts';
import { AcceptedDialog, type AcceptedInfo } from './accepted-dialog.tsx';
import { CardActions, type CardHandlers, type FeedAbilities } from './card-actions.tsx';
import { DeclineDialog } from './decline-dialog.tsx';
import { FeedCardView } from './feed-card-view.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { useNow } from './use-now.ts';

const REASON_ID = 'live-feed-answer-note';

/** The livefeed tab (000 §2.6; open to visitors, 003 §2.1). */
export function LiveFeedPage() {
  const { status, user } = useAuth();
  const { openLogin } = useOverlays();
  const navigate = useNavigate();
  const userId = user?.id ?? null;
  const orgId = user?.active_cbo_id ?? null;
  const reader = useMemo<FeedReader>(() => ({ userId, orgId }), [userId, orgId]);
  return (
    <LiveFeedScreen
      reader={reader}
      // A stored session is being checked: ask once it is known whose feed this is.
      ready={status !== 'loading'}
      // No session at all: the feed will be masked, so the page says so before the first cards arrive.
      visitor={status === 'signed-out'}
      orgRole={user?.org_role ?? null}
      onLogin={openLogin}
      onOpenWorkspace={(id) => navigate(tabPath('workspace', id))}
    />
  );
}

/** The accept/reject failure text of 000 §8: the server's, "Network error. Please try again." or the default. */
function answerError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.isNetworkError) return RESPONSE_MESSAGES.networkError;
  return errorText(error, fallback);
}

type Notice = { color: 'red' | 'green'; text: string };

export function LiveFeedScreen({
  reader,
  ready,
  visitor = false,
  orgRole,
  onLogin,
  onOpenWorkspace,
}: {
  reader: FeedReader;
  ready: boolean;
  /** Known to have no session: the masked-feed notice shows before the feed answers (the server's word wins). */
  visitor?: boolean;
  orgRole: OrgRole | null;
  onLogin: () => void;
  onOpenWorkspace: (referralId: number) => void;
}) {
  const queryClient = useQueryClient();
  const streamStatus = useEventsStatus();
  const feed = useLiveFeed(reader, { enabled: ready, poll: streamStatus !== 'open' });
  const passed = usePassedIds(reader);
  useLiveFeedEvents(reader, passed);
  const now = useNow(30_000);

  const claim = useClaimReferral(reader);
  const pass = usePassReferral(reader);
  const accept = useAcceptReferral();
  const reject = useRejectReferral();

  const [notice, setNotice] = useState<Notice | null>(null);
  const [claimTarget, setClaimTarget] = useState<FeedCard | null>(null);
  const [acceptTarget, setAcceptTarget] = useState<FeedCard | null>(null);
  const [declineTarget, setDeclineTarget] = useState<FeedCard | null>(null);
  /** The refused decline, shown in its dialog (the reason's message on the field). */
  const [declineError, setDeclineError] = useState<unknown>(null);
  const [accepted, setAccepted] = useState<AcceptedInfo | null>(null);

  // The first page's up to 50 cards are drawn from a deferred copy, so React renders them in slices between
  // frames instead of one long task as the answer arrives (issue #13, Total Blocking Time); the loader stays
  // until they are drawn. Every later change (a pass, an answer, a live event) shows at once.
  const firstArrival = useDeferredValue(feed.data);
  const data = firstArrival === undefined ? undefined : feed.data;
  const first = data?.pages[0];
  const viewer = first?.viewer;
  const cards = feedCards(data).filter((c) => !passed.has(c.id));
  // 000 §4.3: the cards this organization can answer first, soonest expiry on top; then the open ones.
  const awaiting = cards
    .filter((c) => c.status !== 'pending')
    .sort((a, b) => (a.expires_at ?? '9999').localeCompare(b.expires_at ?? '9999'));
  const open = cards.filter((c) => c.status === 'pending');
  // A phone draws the first cards at once and the rest in slices (use-revealed-count.ts).
  const revealed = useRevealedCount(cards.length);
  const shownAwaiting = awaiting.slice(0, revealed);
  const shownOpen = open.slice(0, Math.max(0, revealed - awaiting.length));

  const isViewerRole = orgRole === 'viewer';
  const noProvider = viewer?.signed_in === true && viewer.provider_id === null;
  const abilities: FeedAbilities = {
    signedIn: viewer?.signed_in === true,
    canAnswer: viewer?.signed_in === true && !noProvider && !isViewerRole && orgRole !== null,
    disabledReasonId: REASON_ID,
  };
  const disabledReason = !abilities.signedIn
    ? null
    : noProvider
      ? FEED_MESSAGES.notAProvider
      : isViewerRole || orgRole === null
        ? 'Your role in this organization can read the feed but not accept or decline referrals.'
        : null;

  const dropCard = (id: number) =>
    queryClient.setQueryData<FeedPages>(liveFeedKeys.list(reader), (data) => removeCard(data, id));

  const handlers: CardHandlers = {
    onLogin,
    onClaim: setClaimTarget,
    onAccept: setAcceptTarget,
    onDecline: (card) => {
      setDeclineError(null);
      setDeclineTarget(card);
    },
    onPass: (card) => {
      setNotice(null);
      pass.mutate(card.id, {
        onError: (error) =>
          setNotice({
            color: 'red',
            text: errorText(error, 'The referral could not be passed. Please try again.'),
          }),
      });
    },
  };

  const confirmClaim = () => {
    const card = claimTarget;
    if (!card) return;
    setNotice(null);
    claim.mutate(card.id, {
      onSuccess: (referral) => {
        setClaimTarget(null);
        const provider = referral.matched_provider?.name ?? 'your organization';
        // The claim's answer is the full record (the card showed initials only): name the member in full.
        const member =
          [referral.first_name, referral.last_name].filter(Boolean).join(' ') || card.member_name;
        const until = referral.expires_at ? formatDate(referral.expires_at) : null;
        setAccepted({
          referralId: referral.id,
          lines: [
            `Referral #${referral.referral_number} for ${member} is now matched to ${provider}.`,
            `Confirm it from the feed or the case workspace within ${RESPONSE_WINDOW_DAYS} days${until ? ` (by ${until})` : ''}.`,
          ],
        });
      },
      onError: (error) => {
        setClaimTarget(null);
        // 409: another organization took it first; the server's text says so and the card is gone.
        setNotice({ color: 'red', text: answerError(error, RESPONSE_MESSAGES.acceptFailed) });
      },
    });
  };

  const confirmAccept = () => {
    const card = acceptTarget;
    if (!card?.matched_provider_id) return;
    setNotice(null);
    accept.mutate(
      { id: card.id, providerId: card.matched_provider_id },
      {
        onSuccess: (answer) => {
          setAcceptTarget(null);
          // 000 §4.1: "confirming acceptance in the feed sets Accepted and hides the card".
          dropCard(card.id);
          setAccepted({
            referralId: card.id,
            lines: [
              `Referral #${card.referral_number} for ${card.member_name} is now accepted by your organization.`,
              answer.email_sent_to
                ? `The member's full details are being emailed to ${answer.email_sent_to}.`
                : "No email address is on file for your provider listing; the member's details are in the case workspace.",
            ],
          });
        },
        onError: (error) => {
          setAcceptTarget(null);
          setNotice({ color: 'red', text: answerError(error, RESPONSE_MESSAGES.acceptFailed) });
        },
      },
    );
  };

  const confirmDecline = (reason: string) => {
    const card = declineTarget;
    if (!card?.matched_provider_id) return;
    setDeclineError(null);
    reject.mutate(
      { id: card.id, providerId: card.matched_provider_id, reason },
      {
        onSuccess: () => {
          setDeclineTarget(null);
          dropCard(card.id);
          setNotice({
            color: 'green',
            text: `Referral #${card.referral_number} declined. It will be matched with another provider.`,
          });
        },
        onError: setDeclineError,
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>{FEED_MESSAGES.title}</Title>
            {first ? (
              <Badge size="lg" color="orange" variant="light" data-testid="pending-count">
                {first.pending_count} pending
              </Badge>
            ) : (
              // Its place is kept until the count comes (as wide as a four-digit count): on a phone a wider
              // badge wraps to a line of its own and would push the whole screen down (issue #13, layout shift).
              <Badge size="lg" variant="transparent" aria-hidden style={{ visibility: 'hidden' }}>
                0000 pending
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Open referrals from every organization, newest first.
          </Text>
        </div>
        <LiveIndicator status={streamStatus} />
      </Group>

      {(viewer ? !viewer.signed_in : visitor) && (
        <Alert color="blue" title="You are viewing a masked feed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Member details are hidden until you sign in. Sign in to accept referrals: full details go to the
              organization that referred the member and to the one that accepts the referral.
            </Text>
            <Button size="xs" onClick={onLogin}>
              Login / Sign Up
            </Button>
          </Stack>
        </Alert>
      )}
      {disabledReason && (
        <Alert color="yellow" id={REASON_ID}>
          {disabledReason}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.color}
          role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton={false}
          icon={notice.color === 'red' ? <IconAlertCircle size={18} /> : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{notice.text}</Text>
            <CloseButton size="sm" aria-label="Dismiss message" onClick={() => setNotice(null)} />
          </Group>
        </Alert>
      )}

      {!data && (feed.isPending || !ready || feed.data !== undefined) ? (
        <Center py="xl">
          <Loader aria-label="Loading the live feed" />
        </Center>
      ) : !feed.data ? (
        <LoadErrorAlert
          error={feed.error}
          title="Failed to load the live feed"
          message={errorText(feed.error, 'Check your connection and try again.')}
          onRetry={() => void feed.refetch()}
        />
      ) : cards.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap={4} align="center" ta="center">
            <Title order={3}>{FEED_MESSAGES.emptyTitle}</Title>
            <Text c="dimmed">{FEED_MESSAGES.emptyBody}</Text>
          </Stack>
        </Paper>
      ) : (
        <>
          {awaiting.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="feed-awaiting-title">
              <Group gap="xs">
                <Title order={3} id="feed-awaiting-title">
                  Awaiting your response
                </Title>
                <Badge color="blue" variant="light">
                  {awaiting.length}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Matched to your organization. Accept or decline within {RESPONSE_WINDOW_DAYS} days of the
                match.
              </Text>
              {shownAwaiting.map((card) => (
                <FeedCardView
                  key={card.id}
                  card={card}
                  now={now}
                  actions={<CardActions card={card} abilities={abilities} handlers={handlers} />}
                />
              ))}
            </Stack>
          )}
          <Stack gap="sm" component="section" aria-label="Open referrals">
            {awaiting.length > 0 && <Title order={3}>Open referrals</Title>}
            {shownOpen.map((card) => (
              <FeedCardView
                key={card.id}
                card={card}
                now={now}
                actions={<CardActions card={card} abilities={abilities} handlers={handlers} />}
              />
            ))}
          </Stack>
          {feed.isError && (
            <LoadErrorAlert
              compact
              error={feed.error}
              message={errorText(feed.error, 'The live feed could not be refreshed.')}
              onRetry={() => void feed.refetch()}
            />
          )}
          {feed.hasNextPage && (
            <Center>
              <Button
                variant="default"
                onClick={() => void feed.fetchNextPage()}
                loading={feed.isFetchingNextPage}
              >
                Load more
              </Button>
            </Center>
          )}
        </>
      )}

      <ConfirmDialog
        opened={claimTarget !== null}
        title="Accept this referral?"
        message={
          claimTarget
            ? `Referral #${claimTarget.referral_number} for ${claimTarget.member_name} will be matched to your organization. You then have ${RESPONSE_WINDOW_DAYS} days to confirm it.`
            : ''
        }
        confirmLabel="Accept Referral"
        busy={claim.isPending}
        onConfirm={confirmClaim}
        onCancel={() => setClaimTarget(null)}
      />
      <ConfirmDialog
        opened={acceptTarget !== null}
        title="Confirm acceptance"
        message={
          acceptTarget
            ? `Accept referral #${acceptTarget.referral_number} for ${acceptTarget.member_name}? The member's full details will be emailed to your organization.`
            : ''
        }
        confirmLabel="Confirm Acceptance"
        busy={accept.isPending}
        onConfirm={confirmAccept}
        onCancel={() => setAcceptTarget(null)}
      />
      <DeclineDialog
        key={declineTarget?.id ?? 'none'}
        card={declineTarget}
        busy={reject.isPending}
        refusal={declineError}
        onConfirm={confirmDecline}
        onCancel={() => setDeclineTarget(null)}
      />
      <AcceptedDialog
        info={accepted}
        onClose={() => setAccepted(null)}
        onOpenWorkspace={(id) => {
          setAccepted(null);
          onOpenWorkspace(id);
        }}
      />
    </Stack>
  );
}
