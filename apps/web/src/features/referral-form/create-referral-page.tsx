import { Alert, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKeyboard, IconMicrophone } from '@tabler/icons-react';
import type { OrgRole, VoiceFormPatch } from '@trust/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { emptyForm } from './form-values.ts';
import { REFERRAL_FORM_MESSAGES as M } from './messages.ts';
import { PageHeader } from './page-header.tsx';
import { ReferralForm } from './referral-form.tsx';
import { VoiceReferralTab } from './voice/voice-referral-tab.tsx';

type EntryTab = 'text' | 'voice';

/** The create-referral tab (000 §2.1) for the signed-in user's active organization. */
export function CreateReferralPage() {
  const { user } = useAuth();
  return (
    <CreateReferralScreen hasOrganization={Boolean(user?.active_cbo_id)} orgRole={user?.org_role ?? null} />
  );
}

/**
 * 000 §2.1 "Create New Referral". After a successful create: a notice with the referral number, the form
 * resets, and the user goes to the queue when the matching engine was chosen, else to the unpublished
 * referrals to choose a provider (000 §2.1, 003 §2.1). Viewers (002 §6) cannot create; the server refuses too.
 */
export function CreateReferralScreen({
  hasOrganization,
  orgRole,
}: {
  hasOrganization: boolean;
  orgRole: OrgRole | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // A fresh form each visit; the form keeps its own values from here on.
  const [initial] = useState(emptyForm);
  const canCreate = orgRole !== null && orgRole !== 'viewer';
  // 000 §2.1: "Text Input" (the form) and "Voice Referral", which hands its data back to the form.
  const [tab, setTab] = useState<EntryTab>('text');
  // The voice tab mounts when first opened and then stays, so an intake in progress survives a look at the form.
  const [voiceOpened, setVoiceOpened] = useState(false);
  const [voicePatch, setVoicePatch] = useState<VoiceFormPatch | null>(null);
  const [voiceConversationId, setVoiceConversationId] = useState<number | null>(null);

  const openTab = (value: string | null) => {
    const next: EntryTab = value === 'voice' ? 'voice' : 'text';
    if (next === 'voice') setVoiceOpened(true);
    setTab(next);
  };

  const goBack = () => {
    // Opened directly (nothing earlier in this visit): the queue is where referrals live.
    if (location.key === 'default') navigate(tabPath('queue'));
    else navigate(-1);
  };

  return (
    <Stack gap="lg">
      <PageHeader title={M.createTitle} onBack={goBack} />
      {!hasOrganization ? (
        <Alert color="yellow">{M.noOrganization}</Alert>
      ) : !canCreate ? (
        <Alert color="yellow">{M.viewerCannotCreate}</Alert>
      ) : (
        <Tabs value={tab} onChange={openTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="text" leftSection={<IconKeyboard size={16} />}>
              Text Input
            </Tabs.Tab>
            <Tabs.Tab value="voice" leftSection={<IconMicrophone size={16} />}>
              Voice Referral
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="text">
            <ReferralForm
              mode="create"
              initial={initial}
              voicePatch={voicePatch}
              voiceConversationId={voiceConversationId}
              onCancel={goBack}
              onSaved={(saved) => {
                setVoiceConversationId(null);
                notifications.show({
                  color: 'green',
                  title: M.created,
                  message: M.createdText(
                    saved.referralNumber,
                    saved.useMatchingEngine,
                    saved.matchedProviderCount,
                  ),
                  autoClose: 8000,
                });
                navigate(tabPath(saved.useMatchingEngine ? 'queue' : 'finder'));
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="voice">
            {voiceOpened && (
              <VoiceReferralTab
                onComplete={(patch, conversationId) => {
                  setVoicePatch(patch);
                  if (conversationId !== null) setVoiceConversationId(conversationId);
                  setTab('text');
                }}
              />
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
