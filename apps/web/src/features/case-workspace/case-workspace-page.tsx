import { Button, Center, Grid, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowLeft,
  IconFiles,
  IconMessages,
  IconNote,
  IconTimeline,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientReferral } from '@trust/domain';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { communicationKeys } from '../../api/communications/keys.ts';
import { ApiError } from '../../api/errors.ts';
import { useAppEvents } from '../../api/events/use-app-events.ts';
import { useMatchedProviders } from '../../api/matching/get-matched-providers.ts';
import { useReferral } from '../../api/referrals/get-referral.ts';
import { referralScreenshotsKey } from '../../api/referrals/get-referral-screenshots.ts';
import { useReferralUpdates } from '../../api/referrals/use-referral-updates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { CaseDocumentsPanel } from '../../components/case-documents/case-documents-panel.tsx';
import { CaseNotesPanel } from '../../components/case-notes/case-notes-panel.tsx';
import { isRefusal, LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ProviderResponsePanel } from '../../components/referral/provider-response-panel.tsx';
import { CaseOverviewCard } from './case-overview-card.tsx';
import { CaseStatusCard } from './case-status-card.tsx';
import { CommunicationsTab } from './communications-tab.tsx';
import { ContactsTab } from './contacts-tab.tsx';
import { MatchedProvidersCard, providerEntries } from './matched-providers-card.tsx';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { QuickContacts } from './quick-contacts.tsx';
import { TimelineTab } from './timeline-tab.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';

/** The id of `/workspace/:id`, or null when it is not a referral id at all. */
function referralIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

function Message({ title, text, onBack }: { title: string; text: string; onBack?: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        {onBack && (
          <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={onBack} mt="sm">
            Go Back
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** 000 §2.7 "Provider Response Required": status Matched, a matched provider, and its answer pending. */
function awaitsProvider(referral: ClientReferral): boolean {
  return (
    referral.status.toLowerCase() === 'matched' &&
    referral.matchedProvider !== null &&
    referral.acceptanceStatus === 'pending'
  );
}

function Workspace({ referral, onBack }: { referral: ClientReferral; onBack: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [tab, setTab] = useState<string | null>('timeline');
  const id = Number(referral.id);
  const now = new Date();
  const matchedEntries = useMatchedProviders(id);

  // Changes belong to the organization that created the referral (the server says 403 to anyone else), and
  // viewers (002 §6) only read.
  const owner = referral.viewerRole === 'owner';
  const writer = user?.org_role != null && user.org_role !== 'viewer';
  const canChange = owner && writer;

  // The matched provider's organization answers here; everyone else sees that the answer is awaited.
  const responseRequired = awaitsProvider(referral) ? (
    <ProviderResponsePanel referral={referral} canAnswer={writer} now={now} />
  ) : null;

  return (
    <Stack gap="lg">
      <WorkspaceHeader
        referral={referral}
        onBack={onBack}
        onFindProviders={() => navigate(tabPath('finder'))}
      />
      <QuickContacts referral={referral} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <CaseOverviewCard referral={referral} now={now} />
            <MatchedProvidersCard
              entries={providerEntries(referral, matchedEntries.data?.matched_providers)}
              method={referral.matchMethod}
            />

            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List
                aria-label="Case sections"
                // Phones: one row that scrolls sideways instead of wrapping (000 §2.7 layout).
                style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
              >
                <Tabs.Tab value="timeline" leftSection={<IconTimeline size={16} />}>
                  Timeline
                </Tabs.Tab>
                <Tabs.Tab value="notes" leftSection={<IconNote size={16} />}>
                  Notes
                </Tabs.Tab>
                <Tabs.Tab value="communications" leftSection={<IconMessages size={16} />}>
                  Communications
                </Tabs.Tab>
                <Tabs.Tab value="contacts" leftSection={<IconAddressBook size={16} />}>
                  Contacts
                </Tabs.Tab>
                <Tabs.Tab value="documents" leftSection={<IconFiles size={16} />}>
                  Documents
                </Tabs.Tab>
              </Tabs.List>

              <Tabs.Panel value="timeline" pt="md">
                <TimelineTab referral={referral} now={now} responseRequired={responseRequired} />
              </Tabs.Panel>
              <Tabs.Panel value="notes" pt="md">
                <CaseNotesPanel referralId={id} />
              </Tabs.Panel>
              <Tabs.Panel value="communications" pt="md">
                <CommunicationsTab referralId={id} />
              </Tabs.Panel>
              <Tabs.Panel value="contacts" pt="md">
                <ContactsTab referral={referral} canEdit={canChange} />
              </Tabs.Panel>
              <Tabs.Panel value="documents" pt="md">
                <CaseDocumentsPanel referralId={id} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <CaseStatusCard referral={referral} canAct={writer} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The Case Workspace of one referral (000 §2.7; 003 §2.1 "a member workspace once a member is chosen"), at
 * /workspace/:id. It follows live changes: the referral, its history and its messages refresh when the server
 * says the referral changed.
 */
export function CaseWorkspacePage() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const id = referralIdOf(params.id);
  const referral = useReferral(id);
  useReferralUpdates();
  useAppEvents(['referral.changed'], (event) => {
    const changed = (event.data as { id?: unknown } | null)?.id;
    if (id !== null && changed === id) {
      void queryClient.invalidateQueries({ queryKey: communicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: referralScreenshotsKey(id) });
    }
  });

  const goBack = () => {
    // Opened directly (no history in this visit): back to the member list of the workspace tab.
    if (location.key === 'default') navigate(tabPath('workspace'));
    else navigate(-1);
  };

  if (id === null) {
    return <Message title={WORKSPACE_MESSAGES.noCaseTitle} text={WORKSPACE_MESSAGES.noCaseText} />;
  }
  if (referral.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading case" />
      </Center>
    );
  }
  if (!referral.data) {
    const error = referral.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <Message
          title={WORKSPACE_MESSAGES.notFoundTitle}
          text={WORKSPACE_MESSAGES.notFoundText}
          onBack={goBack}
        />
      );
    }
    return (
      <LoadErrorAlert
        error={error}
        title={isRefusal(error) ? 'Could not open this case' : WORKSPACE_MESSAGES.connectionTitle}
        onRetry={() => void referral.refetch()}
      />
    );
  }
  // A new id starts a fresh workspace (tab, status choice, contact inputs).
  return <Workspace key={referral.data.id} referral={referral.data} onBack={goBack} />;
}
