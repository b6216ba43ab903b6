import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockExclamation,
  IconLock,
  IconMail,
} from '@tabler/icons-react';
import {
  type ClientReferral,
  daysUntil,
  EXPIRY_WARNING_DAYS,
  emailPreview,
  PHI_EMAIL_NEXT_STEPS_TEXT,
  PHI_SECURITY_NOTICE,
  phiEmailSubject,
  RESPONSE_MESSAGES,
  RESPONSE_PANEL_TEXT,
} from '@trust/domain';
import { useId, useState } from 'react';
import { useReferralStatus } from '../../api/referrals/get-referral-status.ts';
import { useAcceptReferral, useRejectReferral } from '../../api/referrals/respond-to-referral.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTimeMedium } from '../format-date.ts';
import {
  answerError,
  RejectReasonInput,
  reasonIsBlank,
  rejectionFailure,
  useRejectReasonForm,
} from './reject-reason.tsx';

// 000 §2.5 Provider response panel: what the matched provider has to do about a referral (accept or reject,
// before expires_at), and once it has answered, the outcome. Shared by Referral Details and the Case Workspace.

type PanelState = 'awaiting' | 'accepted' | 'rejected' | 'expired' | 'none';

const AWAITING_STATUSES = ['matched', 'authorized'];

/** Where the referral stands for its matched provider (000 §4.2). */
export function responseStateOf(r: ClientReferral): PanelState {
  if (
    r.acceptanceStatus === 'accepted' ||
    r.acceptanceStatus === 'rejected' ||
    r.acceptanceStatus === 'expired'
  ) {
    return r.acceptanceStatus;
  }
  const awaiting = AWAITING_STATUSES.includes(r.status.toLowerCase()) && r.matchedProviderId !== null;
  // 001 §2.8: sent to several providers, none matched yet; the caller's provider may still answer.
  return awaiting || (r.matchedProviderId === null && r.sentToProvider) ? 'awaiting' : 'none';
}

/** What the provider's answer just returned, shown until the referral itself is refetched. */
type LocalAnswer = (
  | { kind: 'accepted'; acceptedAt: string; emailSentTo: string | null }
  | { kind: 'rejected'; rejectedAt: string; reason: string }
) & {
  /** The match it answered (its deadline): a later match of the same referral is a new question. */
  forExpiresAt: string | null;
};

export function ProviderResponsePanel({
  referral,
  canAnswer = true,
  now = new Date(),
}: {
  referral: ClientReferral;
  /** The signed-in user's organization role may answer (organization viewers only read, 002 §6). */
  canAnswer?: boolean;
  now?: Date;
}) {
  const [answer, setLocal] = useState<LocalAnswer | null>(null);
  const local = answer && answer.forExpiresAt === referral.expiresAt ? answer : null;
  const fromReferral = responseStateOf(referral);
  // The referral's own state wins once it says the answer happened; until the refetch, the call's result.
  const state: PanelState = fromReferral === 'awaiting' && local ? local.kind : fromReferral;
  const id = Number(referral.id);
  const providerId = referral.matchedProviderId ?? referral.sentToProvider?.id ?? null;

  const answered = state === 'accepted' || state === 'rejected';
  const emailSentTo = local?.kind === 'accepted' ? local.emailSentTo : referral.emailSentTo;
  // The email's delivery state (pending, retrying, failed) lives in the status call (000 §3.5); asked only
  // while the email is not yet sent. Its failure is only logged.
  const status = useReferralStatus(
    id,
    providerId,
    answered && emailSentTo !== null && !referral.phiEmailSent,
  );

  if (state === 'none') {
    return (
      <Text size="sm" c="dimmed">
        No provider's answer is awaited for this referral.
      </Text>
    );
  }

  if (state === 'accepted') {
    const acceptedAt = local?.kind === 'accepted' ? local.acceptedAt : referral.acceptedAt;
    const phiState = referral.phiEmailSent
      ? 'sent'
      : (status.data?.phi_email_status ?? (emailSentTo ? 'pending' : 'none'));
    return (
      <AcceptedBanner
        providerName={referral.matchedProvider?.name ?? 'The matched provider'}
        acceptedAt={acceptedAt}
        emailSentTo={emailSentTo}
        phiState={phiState}
      />
    );
  }

  if (state === 'rejected') {
    const rejectedAt = local?.kind === 'rejected' ? local.rejectedAt : referral.rejectedAt;
    const reason = local?.kind === 'rejected' ? local.reason : referral.rejectionReason;
    return (
      <Alert color="red" role="status" icon={<IconCircleX size={18} />} title={RESPONSE_PANEL_TEXT.rejected}>
        <Stack gap={4}>
          <Text size="sm">
            {referral.matchedProvider?.name ?? 'The matched provider'} rejected this referral
            {rejectedAt ? ` on ${formatDateTimeMedium(rejectedAt)}` : ''}. It will need to be matched again.
          </Text>
          {reason && <Text size="sm">Reason: {reason}</Text>}
        </Stack>
      </Alert>
    );
  }

  if (state === 'expired') {
    return (
      <Alert
        color="gray"
        role="status"
        icon={<IconClockExclamation size={18} />}
        title={RESPONSE_PANEL_TEXT.expiredTitle}
      >
        {RESPONSE_PANEL_TEXT.expired}
      </Alert>
    );
  }

  return (
    <AwaitingAnswer
      referral={referral}
      canAnswer={canAnswer}
      now={now}
      onAnswered={setLocal}
      id={id}
      providerId={providerId!}
    />
  );
}

/**
 * Issue #14: the member details did not reach the provider (no address on file, or the email failed for good).
 * A warning of its own, beside the acceptance, saying what happened and what to do. There is no resend call, so
 * the fix is an address in the directory and a direct contact with the provider.
 */
export const PHI_EMAIL_WARNING = {
  title: 'Member details not emailed',
  noAddress: (providerName: string) =>
    `No email address is on file for ${providerName}, so the member details could not be emailed.`,
  failed: (address: string) =>
    `The member details could not be emailed to the provider (${address}); an administrator can see why in the outbox.`,
  fixNoAddress:
    'Add an email address for the provider in the directory, then contact the provider to share the member details.',
  fixFailed:
    "Check the provider's email address in the directory, then contact the provider to share the member details.",
} as const;

function AcceptedBanner({
  providerName,
  acceptedAt,
  emailSentTo,
  phiState,
}: {
  providerName: string;
  acceptedAt: string | null;
  emailSentTo: string | null;
  phiState: 'sent' | 'pending' | 'failed' | 'none';
}) {
  const notEmailed = emailSentTo === null || phiState === 'failed';
  const accepted = (
    <Alert
      color="green"
      role="status"
      icon={<IconCircleCheck size={18} />}
      title={RESPONSE_PANEL_TEXT.accepted}
    >
      <Stack gap={6}>
        <Text size="sm">
          {providerName} accepted this referral{acceptedAt ? ` on ${formatDateTimeMedium(acceptedAt)}` : ''}.
        </Text>
        {!notEmailed && (
          <Group gap="xs" wrap="wrap">
            {phiState === 'sent' ? (
              <Badge color="green" variant="light">
                Email Sent
              </Badge>
            ) : (
              <Badge color="orange" variant="light">
                {RESPONSE_PANEL_TEXT.emailPending}
              </Badge>
            )}
            <Text size="sm">
              {phiState === 'sent'
                ? `The full member details were emailed to ${emailSentTo}.`
                : `The full member details are being emailed to ${emailSentTo}; they are retried until delivered.`}
            </Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
  if (!notEmailed) return accepted;
  // The failure is not good news: a yellow warning after the acceptance, never inside the green box.
  return (
    <Stack gap="sm">
      {accepted}
      <Alert
        color="yellow"
        role="status"
        icon={<IconAlertTriangle size={18} />}
        title={PHI_EMAIL_WARNING.title}
        aria-label={PHI_EMAIL_WARNING.title}
      >
        <Stack gap={6}>
          {emailSentTo !== null && (
            <Group gap="xs" wrap="wrap">
              <Badge color="red" variant="light">
                Email Failed
              </Badge>
            </Group>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {emailSentTo === null
              ? PHI_EMAIL_WARNING.noAddress(providerName)
              : PHI_EMAIL_WARNING.failed(emailSentTo)}
          </Text>
          <Text size="sm" fw={500}>
            {emailSentTo === null ? PHI_EMAIL_WARNING.fixNoAddress : PHI_EMAIL_WARNING.fixFailed}
          </Text>
        </Stack>
      </Alert>
    </Stack>
  );
}

function AwaitingAnswer({
  referral,
  canAnswer,
  now,
  onAnswered,
  id,
  providerId,
}: {
  referral: ClientReferral;
  canAnswer: boolean;
  now: Date;
  onAnswered: (answer: LocalAnswer) => void;
  id: number;
  providerId: number;
}) {
  const accept = useAcceptReferral();
  const reject = useRejectReferral();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const reasonForm = useRejectReasonForm();
  const [error, setError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewId = useId();

  const provider = referral.matchedProvider;
  const providerName = provider?.name ?? referral.sentToProvider?.name ?? 'the matched provider';
  const isProvider = referral.viewerRole === 'provider';
  const mayAnswer = isProvider && canAnswer;
  const busy = accept.isPending || reject.isPending;
  const blank = reasonIsBlank(reasonForm);
  const days = referral.expiresAt ? daysUntil(referral.expiresAt, now) : null;
  const expiringSoon = days !== null && days <= EXPIRY_WARNING_DAYS;

  const confirmAccept = () => {
    setError(null);
    accept.mutate(
      { id, providerId },
      {
        onSuccess: (result) => {
          setConfirming(false);
          onAnswered({
            kind: 'accepted',
            acceptedAt: result.accepted_at,
            emailSentTo: result.email_sent_to,
            forExpiresAt: referral.expiresAt,
          });
        },
        onError: (e) => {
          setConfirming(false);
          setError(answerError(e, RESPONSE_MESSAGES.acceptFailed));
        },
      },
    );
  };

  const confirmReject = reasonForm.onSubmit(({ reason: text }) => {
    setError(null);
    reject.mutate(
      { id, providerId, reason: text },
      {
        onSuccess: (result) =>
          onAnswered({
            kind: 'rejected',
            rejectedAt: result.rejected_at,
            reason: text,
            forExpiresAt: referral.expiresAt,
          }),
        onError: (e) => setError(rejectionFailure(reasonForm, e)),
      },
    );
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {provider ? 'Matched to' : 'Sent to'} <strong>{providerName}</strong>
          {isProvider ? ' (your organization)' : ''}.
        </Text>
        <Badge color="blue" variant="light">
          Awaiting response
        </Badge>
      </Group>
      {referral.expiresAt && (
        <Text size="sm" c="dimmed">
          Respond by {formatDateTimeMedium(referral.expiresAt)}; after that the referral is matched again.
        </Text>
      )}
      {expiringSoon && (
        <Alert
          color="orange"
          role="status"
          icon={<IconAlertTriangle size={18} />}
          title={RESPONSE_PANEL_TEXT.expiringSoon}
        >
          {days !== null && days > 0
            ? `${days} ${days === 1 ? 'day' : 'days'} left to respond.`
            : 'The time to respond has run out; the referral will be matched again.'}
        </Alert>
      )}

      {mayAnswer ? (
        <Group gap="sm">
          <Button
            color="green"
            leftSection={<IconCircleCheck size={16} />}
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
            disabled={busy || rejecting}
          >
            Accept
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconCircleX size={16} />}
            onClick={() => {
              setError(null);
              setRejecting(true);
            }}
            disabled={busy || rejecting}
          >
            Reject
          </Button>
        </Group>
      ) : (
        <Text size="sm" fw={500}>
          {isProvider
            ? 'Your role in this organization can read this referral but not accept or reject it.'
            : `Waiting for ${providerName} to respond.`}
        </Text>
      )}

      {mayAnswer && rejecting && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <RejectReasonInput form={reasonForm} />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                disabled={reject.isPending}
                onClick={() => {
                  setRejecting(false);
                  reasonForm.reset();
                }}
              >
                Cancel
              </Button>
              <Button
                color="red"
                disabled={blank || busy}
                loading={reject.isPending}
                onClick={() => confirmReject()}
              >
                {RESPONSE_PANEL_TEXT.confirmRejection}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMail size={14} />}
          aria-expanded={previewOpen}
          aria-controls={previewId}
          onClick={() => setPreviewOpen((open) => !open)}
        >
          {previewOpen ? 'Hide Email Preview' : 'Show Email Preview'}
        </Button>
      </Group>
      {previewOpen && (
        <Paper id={previewId} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              On acceptance the member's full details are emailed to{' '}
              {provider?.email ? provider.email : 'the provider (no email address is on file)'}.
            </Text>
            <Text size="sm" fw={600}>
              Subject: {phiEmailSubject(referral.referralNumber)}
            </Text>
            <Text size="sm" data-testid="email-preview">
              {emailPreview(PHI_EMAIL_NEXT_STEPS_TEXT)}
            </Text>
            <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
              <IconLock size={14} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
              <Text size="xs" c="dimmed">
                {PHI_SECURITY_NOTICE}
              </Text>
            </Group>
          </Stack>
        </Paper>
      )}

      <ConfirmDialog
        opened={confirming}
        title="Accept referral"
        message={
          provider?.email
            ? `Accept referral #${referral.referralNumber}? The member's full details will be emailed to ${provider.email}.`
            : `Accept referral #${referral.referralNumber}? No email address is on file for ${providerName}, so the member details cannot be emailed.`
        }
        confirmLabel="Accept"
        busy={accept.isPending}
        onConfirm={confirmAccept}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
