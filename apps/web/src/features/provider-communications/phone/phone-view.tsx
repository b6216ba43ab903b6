import { Alert, Badge, Box, Group, NativeSelect, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconAlertCircle,
  IconClockHour4,
  IconDialpad,
  IconRecordMail,
} from '@tabler/icons-react';
import { type CommunicationEventData, callFailedMessage, toE164, VOICE_MESSAGES } from '@trust/domain';
import { useEffect, useRef, useState } from 'react';
import { useProviderReferrals } from '../../../api/communications/get-provider-referrals.ts';
import { errorText } from '../../../api/errors.ts';
import { useCallHistory } from '../../../api/voice/get-call-history.ts';
import { useVoicemails } from '../../../api/voice/get-voicemails.ts';
import { usePlaceCall } from '../../../api/voice/place-call.ts';
import { useVoiceUpdates } from '../../../api/voice/use-voice-updates.ts';
import { type ActiveCall, ActiveCallBanner } from './active-call-banner.tsx';
import { CallHistoryList } from './call-history-list.tsx';
import { ContactsList } from './contacts-list.tsx';
import { DialPad } from './dial-pad.tsx';
import { referralOptionLabel } from './phone-format.ts';
import { VoicemailList } from './voicemail-list.tsx';

export type PhoneViewProps = {
  providerId: number;
  providerName: string;
  /** The provider's main phone from its record (001 §2.14 Contacts: Main Phone, type work). */
  mainPhone: string | null;
};

type PhoneTab = 'dialer' | 'contacts' | 'recent' | 'voicemail';

/** A handset's bottom tab: the icon over a short label (four fit in 390 px), with an unread count. */
function PhoneTabButton({
  value,
  icon: Icon,
  label,
  count = 0,
}: {
  value: PhoneTab;
  icon: typeof IconDialpad;
  label: string;
  count?: number;
}) {
  return (
    <Tabs.Tab value={value} px={4} py={8}>
      <Stack gap={2} align="center" pos="relative">
        <Icon size={20} aria-hidden />
        <Text size="xs" lh={1}>
          {label}
        </Text>
        {count > 0 && (
          <Badge size="xs" color="red" circle pos="absolute" top={-6} right={-10}>
            {count}
          </Badge>
        )}
      </Stack>
    </Tabs.Tab>
  );
}

/** 001 §2.14: after a call starts, the view switches to Recent after 500 ms. */
export const SHOW_RECENT_AFTER_MS = 500;

const PANEL_HEIGHT = 470;

/**
 * 001 §2.14 phone view, styled as a handset with bottom tabs: Dialer, Contacts, Recent (§2.15) and Voicemail
 * (§2.16); a Recording ON/OFF toggle (default ON), a dropdown linking the call to a referral, and the active-call
 * banner, whose status follows the call's live events (polling every 15 s only while the stream is down).
 */
export function PhoneView({ providerId, providerName, mainPhone }: PhoneViewProps) {
  const [tab, setTab] = useState<PhoneTab>('dialer');
  const [record, setRecord] = useState(true);
  const [referralId, setReferralId] = useState<number | null>(null);
  const [activeCall, setActiveCall] = useState<ActiveCall | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const referrals = useProviderReferrals(providerId, '');
  const placeCall = usePlaceCall(providerId);
  const voicemails = useVoicemails({ provider_id: providerId });
  // The banner's call as the history knows it (fresh after each event, or each poll while the stream is down).
  const history = useCallHistory({ provider_id: providerId, page: 1 });

  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (switchTimer.current) clearTimeout(switchTimer.current);
    },
    [],
  );

  useVoiceUpdates((event: CommunicationEventData) => {
    setActiveCall((call) =>
      call && call.communicationId !== null && call.communicationId === event.id && event.status
        ? { ...call, status: event.status }
        : call,
    );
  });

  // Each fresh read of the history brings the banner's call up to date (an event may have been missed).
  const knownId = activeCall?.callId ?? null;
  const knownStatus = history.data?.calls.find((c) => c.id === knownId)?.status;
  const historyReadAt = history.dataUpdatedAt;
  useEffect(() => {
    if (!knownStatus || historyReadAt === 0) return;
    setActiveCall((call) =>
      call && call.callId === knownId && call.status !== knownStatus
        ? { ...call, status: knownStatus }
        : call,
    );
  }, [knownId, knownStatus, historyReadAt]);

  const call = (rawNumber: string) => {
    const toNumber = toE164(rawNumber) ?? rawNumber.trim();
    setFailure(null);
    placeCall.mutate(
      {
        to_number: toNumber,
        provider_id: providerId,
        referral_id: referralId,
        call_type: referralId ? 'referral' : 'general',
        record,
      },
      {
        onSuccess: (answer) => {
          const placed = answer.call;
          const displayId = answer.call_sid ?? placed?.call_sid ?? (placed ? String(placed.id) : '');
          if (!answer.success) {
            setFailure(callFailedMessage(answer.error ?? placed?.error_message));
            setActiveCall({
              callId: placed?.id ?? null,
              communicationId: placed?.communication_id ?? null,
              displayId,
              status: 'failed',
              toNumber,
            });
            return;
          }
          setActiveCall({
            callId: placed.id,
            communicationId: placed.communication_id,
            displayId,
            status: placed.status,
            toNumber,
          });
          if (switchTimer.current) clearTimeout(switchTimer.current);
          switchTimer.current = setTimeout(() => setTab('recent'), SHOW_RECENT_AFTER_MS);
        },
        onError: (error) => {
          setFailure(callFailedMessage(errorText(error, '')));
          setActiveCall({ callId: null, communicationId: null, displayId: '', status: 'failed', toNumber });
        },
      },
    );
  };

  const unread = voicemails.data?.unread ?? 0;
  const referralList = referrals.data?.referrals ?? [];

  return (
    <Paper
      component="section"
      aria-label={`Phone for ${providerName}`}
      withBorder
      shadow="md"
      radius={28}
      w="100%"
      maw={390}
      mx="auto"
      style={{ overflow: 'hidden' }}
    >
      <Box bg="dark.7" c="white" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="gray.4">
              Phone
            </Text>
            <Text fw={600} truncate>
              {providerName}
            </Text>
          </div>
          <Switch
            checked={record}
            onChange={(e) => setRecord(e.currentTarget.checked)}
            color="red"
            size="sm"
            label={record ? VOICE_MESSAGES.recordingOn : VOICE_MESSAGES.recordingOff}
            aria-label="Record calls"
            styles={{ label: { color: 'white', whiteSpace: 'nowrap' } }}
          />
        </Group>
      </Box>
      <Stack gap="xs" px="sm" pt="sm">
        <NativeSelect
          label="Link call to referral"
          size="xs"
          value={referralId ? String(referralId) : ''}
          onChange={(e) => setReferralId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[
            { value: '', label: VOICE_MESSAGES.noReferralLinked },
            ...referralList.map((r) => ({ value: String(r.id), label: referralOptionLabel(r) })),
          ]}
        />
        {activeCall && <ActiveCallBanner call={activeCall} onEnd={() => setActiveCall(null)} />}
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={16} />}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setFailure(null)}
            p="xs"
          >
            {failure}
          </Alert>
        )}
      </Stack>
      <Tabs value={tab} onChange={(v) => setTab((v as PhoneTab | null) ?? 'dialer')} inverted>
        <Box h={PANEL_HEIGHT} p="sm" style={{ overflowY: 'auto' }}>
          <Tabs.Panel value="dialer">
            <DialPad onCall={call} calling={placeCall.isPending} />
          </Tabs.Panel>
          <Tabs.Panel value="contacts">
            <ContactsList
              providerId={providerId}
              mainPhone={mainPhone}
              onCall={call}
              calling={placeCall.isPending}
            />
          </Tabs.Panel>
          <Tabs.Panel value="recent">
            <CallHistoryList providerId={providerId} referrals={referralList} />
          </Tabs.Panel>
          <Tabs.Panel value="voicemail">
            <VoicemailList providerId={providerId} />
          </Tabs.Panel>
        </Box>
        <Tabs.List grow aria-label="Phone" style={{ flexWrap: 'nowrap' }}>
          <PhoneTabButton value="dialer" icon={IconDialpad} label="Dialer" />
          <PhoneTabButton value="contacts" icon={IconAddressBook} label="Contacts" />
          <PhoneTabButton value="recent" icon={IconClockHour4} label="Recent" />
          <PhoneTabButton value="voicemail" icon={IconRecordMail} label="Voicemail" count={unread} />
        </Tabs.List>
      </Tabs>
    </Paper>
  );
}
