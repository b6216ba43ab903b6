import { ActionIcon, Alert, Badge, Group, Loader, Slider, Stack, Text } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { VOICE_MESSAGES, type Voicemail } from '@trust/domain';
import { useState } from 'react';
import { saveBlob } from '../../../api/documents/download-document.ts';
import { errorText } from '../../../api/errors.ts';
import { fetchRecordingBlob } from '../../../api/voice/fetch-recording.ts';
import { useVoicemails } from '../../../api/voice/get-voicemails.ts';
import { useMarkVoicemailRead } from '../../../api/voice/mark-voicemail-read.ts';
import { useVoicemailPlayer } from './use-voicemail-player.ts';
import { VoicemailItem } from './voicemail-item.tsx';

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
};

function downloadName(vm: Voicemail, blob: Blob): string {
  const type = (blob.type || vm.recording_content_type || '').split(';')[0]?.trim() ?? '';
  return `voicemail-${vm.id}.${EXTENSIONS[type] ?? 'audio'}`;
}

/**
 * 001 §2.16 voicemail list: the count and a red 'N new' badge, one player shared by every item (only one plays at
 * a time), volume 0–1 in steps of 0.01 and a mute toggle; the first play of an unread one marks it read (§4).
 */
export function VoicemailList({ providerId }: { providerId: number }) {
  const voicemails = useVoicemails({ provider_id: providerId });
  const markRead = useMarkVoicemailRead();
  const player = useVoicemailPlayer((vm) => markRead.mutate(vm.id));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { state } = player;

  const download = async (vm: Voicemail) => {
    if (!vm.recording_url) return;
    setDownloadError(null);
    try {
      const blob = await fetchRecordingBlob(vm.recording_url);
      saveBlob(blob, downloadName(vm, blob));
    } catch (error) {
      setDownloadError(errorText(error, 'The voicemail could not be downloaded.'));
    }
  };

  const data = voicemails.data;
  return (
    <Stack gap="sm">
      <audio {...player.audioProps} preload="none" hidden data-testid="voicemail-audio" />
      <Group justify="space-between">
        <Group gap={6}>
          <Text fw={700}>Voicemail</Text>
          {data && (
            <Badge variant="light" color="gray">
              {data.total}
            </Badge>
          )}
        </Group>
        {data && data.unread > 0 && (
          <Badge color="red" variant="filled">
            {data.unread} new
          </Badge>
        )}
      </Group>
      {voicemails.isPending ? (
        <Loader size="sm" aria-label="Loading voicemails" mx="auto" />
      ) : voicemails.error ? (
        <Alert color="red" role="alert">
          {errorText(voicemails.error, 'Failed to load voicemails')}
        </Alert>
      ) : voicemails.data.voicemails.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {VOICE_MESSAGES.noVoicemails}
        </Text>
      ) : (
        <Stack component="ul" aria-label="Voicemails" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {voicemails.data.voicemails.map((vm) => (
            <VoicemailItem
              key={vm.id}
              voicemail={vm}
              current={state.currentId === vm.id}
              playing={state.currentId === vm.id && state.playing}
              loading={state.loadingId === vm.id}
              position={state.position}
              duration={state.duration}
              error={state.error?.id === vm.id ? state.error.text : null}
              onToggle={() => void player.toggle(vm)}
              onSeek={(fraction) => player.seek(vm, fraction)}
              onDownload={() => void download(vm)}
            />
          ))}
        </Stack>
      )}
      {downloadError && (
        <Text size="xs" c="red" role="alert">
          {downloadError}
        </Text>
      )}
      <Group gap="sm" wrap="nowrap" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <ActionIcon
          variant={player.muted ? 'filled' : 'subtle'}
          color={player.muted ? 'red' : 'gray'}
          aria-label="Mute"
          aria-pressed={player.muted}
          onClick={() => player.setMuted(!player.muted)}
        >
          {player.muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={1}
          step={0.01}
          value={player.volume}
          onChange={player.setVolume}
          thumbLabel="Volume"
          label={(v) => `${Math.round(v * 100)}%`}
        />
      </Group>
    </Stack>
  );
}
