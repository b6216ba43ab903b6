import { ActionIcon, Anchor, Badge, Box, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatDuration, formatPhone, type Voicemail } from '@trust/domain';
import type { KeyboardEvent, MouseEvent } from 'react';
import { formatDateTime } from '../../../components/format-date.ts';
import { TranscriptionBlock } from './transcription-block.tsx';

const SEEK_STEP_S = 5;

export type VoicemailItemProps = {
  voicemail: Voicemail;
  current: boolean;
  playing: boolean;
  loading: boolean;
  /** Seconds into it and its length, while it is the one loaded. */
  position: number;
  duration: number;
  error: string | null;
  onToggle: () => void;
  onSeek: (fraction: number) => void;
  onDownload: () => void;
};

/** 001 §2.16 one voicemail: play/pause, caller, m:ss, received, NEW, download, seek bar, transcription. */
export function VoicemailItem(props: VoicemailItemProps) {
  const { voicemail: vm, current, playing, loading, position, error } = props;
  const caller = formatPhone(vm.from_number);
  const length = current && props.duration > 0 ? props.duration : (vm.duration_seconds ?? 0);
  const at = current ? position : 0;
  const percent = length > 0 ? Math.min(100, (at / length) * 100) : 0;

  const seekFromClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    props.onSeek((event.clientX - rect.left) / rect.width);
  };
  const seekFromKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (length <= 0) return;
    const step = {
      ArrowRight: SEEK_STEP_S,
      ArrowUp: SEEK_STEP_S,
      ArrowLeft: -SEEK_STEP_S,
      ArrowDown: -SEEK_STEP_S,
    }[event.key];
    if (event.key === 'Home') props.onSeek(0);
    else if (event.key === 'End') props.onSeek(1);
    else if (step !== undefined) props.onSeek((at + step) / length);
    else return;
    event.preventDefault();
  };

  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`Voicemail from ${caller}`}>
      <Stack gap={6}>
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ActionIcon
            size="lg"
            radius="xl"
            color={playing ? 'orange' : 'teal'}
            aria-label={`${playing ? 'Pause' : 'Play'} voicemail from ${caller}`}
            onClick={props.onToggle}
            disabled={!vm.recording_url}
          >
            {loading ? (
              <Loader size={16} color="white" />
            ) : playing ? (
              <IconPlayerPauseFilled size={18} />
            ) : (
              <IconPlayerPlayFilled size={18} />
            )}
          </ActionIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text fw={vm.is_read ? 500 : 700} size="sm" truncate>
                {caller}
              </Text>
              {!vm.is_read && (
                <Badge size="xs" color="red" variant="filled">
                  NEW
                </Badge>
              )}
            </Group>
            {vm.provider_name && (
              <Text size="xs" c="dimmed" truncate>
                {vm.provider_name}
                {vm.referral_number ? ` · Referral ${vm.referral_number}` : ''}
              </Text>
            )}
            <Group gap="xs" justify="space-between">
              <Text size="xs" c="dimmed">
                {formatDateTime(vm.received_at)}
              </Text>
              <Text size="xs" c="dimmed" aria-label="Duration">
                {formatDuration(vm.duration_seconds)}
              </Text>
            </Group>
          </Box>
        </Group>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={`Position in voicemail from ${caller}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(length)}
          aria-valuenow={Math.round(at)}
          aria-valuetext={`${formatDuration(at)} of ${formatDuration(length)}`}
          onClick={seekFromClick}
          onKeyDown={seekFromKey}
          py={6}
          style={{ cursor: 'pointer' }}
        >
          <Progress value={percent} size="sm" radius="xl" aria-hidden transitionDuration={0} />
        </Box>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatDuration(at)} / {formatDuration(length)}
          </Text>
          {vm.recording_url && (
            <Anchor component="button" type="button" size="xs" onClick={props.onDownload}>
              Download
            </Anchor>
          )}
        </Group>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        <TranscriptionBlock text={vm.transcription_text} status={vm.transcription_status} />
      </Stack>
    </Paper>
  );
}
