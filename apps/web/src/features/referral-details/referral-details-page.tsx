import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBriefcase, IconEdit } from '@tabler/icons-react';
import { type ClientReferral, MESSAGES } from '@trust/domain';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../api/errors.ts';
import { useReferral } from '../../api/referrals/get-referral.ts';
import { useReferralEvents } from '../../api/referrals/get-referral-events.ts';
import { useReferralUpdates } from '../../api/referrals/use-referral-updates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import {
  ProviderResponsePanel,
  responseStateOf,
} from '../../components/referral/provider-response-panel.tsx';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { StatusStepsSelect } from '../../components/referral/status-steps.tsx';
import {
  ClinicalCard,
  ComplianceCard,
  DetailCard,
  HealthPlanCard,
  MemberCard,
  NotesCard,
  ReferringProviderCard,
  ServicesCard,
  TimelineCard,
  UrgencyCard,
} from './detail-cards.tsx';
import { detailsTimeline } from './details-timeline.ts';
import { DETAILS_MESSAGES } from './messages.ts';
import { ReferralPathActions } from './path-actions.tsx';
import { SendToMatchedProvider } from './send-to-matched-provider.tsx';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The queue's detail view, `/queue/:id` (000 §2.4). */
export function ReferralDetailsPage() {
  const { id: raw } = useParams();
  const id = parseId(raw);
  const navigate = useNavigate();
  const { user } = useAuth();
  // Another user's change, the provider's answer, the expiry job, the email's delivery: refetch (no reload).
  useReferralUpdates();
  const referral = useReferral(id);
  const back = () => navigate(tabPath('queue'));

  if (id === null || (referral.error instanceof ApiError && referral.error.status === 404)) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={2}>{DETAILS_MESSAGES.notFoundTitle}</Title>
          <Text c="dimmed">{DETAILS_MESSAGES.notFoundText}</Text>
          <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={back} mt="sm">
            {DETAILS_MESSAGES.goBack}
          </Button>
        </Stack>
      </Paper>
    );
  }

  if (!referral.data) {
    if (referral.isPending) {
      return (
        <Center py="xl">
          <Loader aria-label="Loading referral" />
        </Center>
      );
    }
    const network = referral.error instanceof ApiError && referral.error.isNetworkError;
    return (
      <LoadErrorAlert
        error={referral.error}
        title={network ? 'Connection Error' : DETAILS_MESSAGES.loadFailedTitle}
        message={network ? MESSAGES.connectionError : errorText(referral.error, MESSAGES.connectionError)}
        onRetry={() => void referral.refetch()}
      >
        <Button size="xs" variant="default" onClick={back}>
          {DETAILS_MESSAGES.goBack}
        </Button>
      </LoadErrorAlert>
    );
  }

  // Organization viewers (002 §6) read only; the server enforces the same.
  const writer = user?.org_role != null && user.org_role !== 'viewer';
  const ownerWriter = referral.data.viewerRole === 'owner' && writer;
  return (
    <ReferralDetails
      referral={referral.data}
      canEdit={ownerWriter}
      canAnswer={writer}
      canSend={ownerWriter}
      canMatch={ownerWriter}
      canChangeStatus={writer}
      onBack={back}
      onEdit={() => navigate(tabPath('queue', id, 'edit'))}
      onOpenWorkspace={() => navigate(tabPath('workspace', id))}
      // The manual-matching screen with this referral's provider chooser open.
      onFindProvider={() => navigate(`${tabPath('finder')}?referral_id=${id}`)}
    />
  );
}

export function ReferralDetails({
  referral: r,
  canEdit,
  canAnswer,
  canSend = false,
  canMatch = false,
  canChangeStatus = false,
  onBack,
  onEdit,
  onOpenWorkspace,
  onFindProvider,
}: {
  referral: ClientReferral;
  canEdit: boolean;
  canAnswer: boolean;
  /** The referring organization's writers reach the matched provider from here (001 §2.1). */
  canSend?: boolean;
  /**
   * Issue #14 "a path through the work": the referring organization's writers match the referral (Auto-Match, Find a
   * provider) and send it to its matched providers from here.
   */
  canMatch?: boolean;
  /** Issue #14: the lifecycle's steps this organization may take (a writer's; the server checks the rest). */
  canChangeStatus?: boolean;
  onBack: () => void;
  onEdit: () => void;
  /** Issue #14 "a path through the work": the referral's Case Workspace (notes, documents, contacts). */
  onOpenWorkspace?: () => void;
  /** "Find a provider": the manual-matching screen for this referral. */
  onFindProvider?: () => void;
}) {
  const events = useReferralEvents(Number(r.id));
  const now = new Date();
  const response = responseStateOf(r);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center">
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
          >
            Back
          </Button>
          <Title order={2}>Referral #{r.referralNumber}</Title>
          <ReferralStatusBadge status={r.status} size="lg" />
        </Group>
        <Group gap="xs">
          {canChangeStatus && <StatusStepsSelect referral={r} />}
          {onOpenWorkspace && (
            <Button variant="light" leftSection={<IconBriefcase size={16} />} onClick={onOpenWorkspace}>
              {DETAILS_MESSAGES.openWorkspace}
            </Button>
          )}
          {canEdit && (
            <Button leftSection={<IconEdit size={16} />} onClick={onEdit}>
              {DETAILS_MESSAGES.editReferral}
            </Button>
          )}
        </Group>
      </Group>

      {canMatch && onFindProvider && <ReferralPathActions referral={r} onFindProvider={onFindProvider} />}

      {/* 000 §2.4: "Provider Response Required" only while the matched provider's answer is awaited;
          afterwards the same card shows the outcome (one card, so the panel keeps its state across the answer). */}
      {response !== 'none' && (
        <DetailCard
          title={
            response === 'awaiting' ? DETAILS_MESSAGES.responseRequired : DETAILS_MESSAGES.providerResponse
          }
        >
          <ProviderResponsePanel referral={r} canAnswer={canAnswer} now={now} />
        </DetailCard>
      )}

      {canSend && response === 'awaiting' && <SendToMatchedProvider referral={r} />}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <MemberCard r={r} />
        <HealthPlanCard r={r} />
        <ReferringProviderCard r={r} />
        <ServicesCard r={r} />
        <UrgencyCard r={r} />
        <ClinicalCard r={r} />
        <ComplianceCard r={r} />
        <TimelineCard entries={detailsTimeline(r, events.data ?? [])} now={now} />
        <NotesCard r={r} />
      </SimpleGrid>
    </Stack>
  );
}
