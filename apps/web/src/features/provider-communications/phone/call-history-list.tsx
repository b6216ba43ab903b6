import { Alert, Badge, Group, Loader, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import {
  type Call,
  callStatusColor,
  formatPhone,
  type ProviderReferral,
  VOICE_MESSAGES,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../../api/errors.ts';
import { useCallHistory } from '../../../api/voice/get-call-history.ts';
import { formatDateTime } from '../../../components/format-date.ts';
import { CallRecording } from './call-recording.tsx';
import { referralOptionLabel, statusLabel } from './phone-format.ts';
import { TranscriptionBlock } from './transcription-block.tsx';

function CallRow({ call }: { call: Call }) {
  const outbound = call.direction === 'outbound';
  const Icon = outbound ? IconPhoneOutgoing : IconPhoneIncoming;
  const who = formatPhone(outbound ? call.to_number : call.from_number);
  return (
    <Stack
      component="li"
      gap={4}
      p="sm"
      aria-label={`${outbound ? 'Outbound' : 'Inbound'} call ${who}`}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Icon size={16} aria-hidden />
          <Text fw={600} size="sm">
            {outbound ? 'Outbound' : 'Inbound'}
          </Text>
        </Group>
        <Badge color={callStatusColor(call.status)} variant="light">
          {statusLabel(call.status)}
        </Badge>
      </Group>
      <Text size="sm">To {formatPhone(call.to_number)}</Text>
      <Text size="sm">From {formatPhone(call.from_number)}</Text>
      <Group gap="xs" justify="space-between">
        <Text size="xs" c="dimmed">
          {formatDateTime(call.initiated_at)}
        </Text>
        <Text size="xs" c="dimmed">
          Duration: {call.duration_seconds ?? 0}s
        </Text>
      </Group>
      {(call.referral_number || call.has_voicemail) && (
        <Group gap="xs">
          {call.referral_number && (
            <Text size="xs" c="dimmed">
              Referral {call.referral_number}
            </Text>
          )}
          {call.has_voicemail && (
            <Badge size="xs" color="violet" variant="light">
              Voicemail
            </Badge>
          )}
        </Group>
      )}
      {call.error_message && (
        <Text size="xs" c="red">
          {call.error_message}
        </Text>
      )}
      {call.recording_url && <CallRecording url={call.recording_url} label={`the call with ${who}`} />}
      <TranscriptionBlock text={call.transcription_text} status={call.transcription_status} />
    </Stack>
  );
}

/** 001 §2.15 call history of one provider, newest first, filterable by referral. */
export function CallHistoryList({
  providerId,
  referrals,
}: {
  providerId: number;
  referrals: readonly ProviderReferral[];
}) {
  const [referralId, setReferralId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const history = useCallHistory({
    provider_id: providerId,
    ...(referralId ? { referral_id: referralId } : {}),
    page,
  });
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.page_size)) : 1;

  return (
    <Stack gap="xs">
      <NativeSelect
        label="Filter by referral"
        size="xs"
        value={referralId ? String(referralId) : ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setReferralId(value ? Number(value) : null);
          setPage(1);
        }}
        data={[
          { value: '', label: 'All referrals' },
          ...referrals.map((r) => ({ value: String(r.id), label: referralOptionLabel(r) })),
        ]}
      />
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading calls" mx="auto" />
      ) : history.error ? (
        <Alert color="red" role="alert">
          {errorText(history.error, 'Failed to load calls')}
        </Alert>
      ) : history.data.calls.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {VOICE_MESSAGES.noCalls}
        </Text>
      ) : (
        <>
          <Stack component="ul" aria-label="Recent calls" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {history.data.calls.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label="Call pages" />
          )}
        </>
      )}
    </Stack>
  );
}
