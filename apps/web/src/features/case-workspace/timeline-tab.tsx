import { Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconAddressBook,
  IconAlertCircle,
  IconCircleCheck,
  IconCircleX,
  IconClockExclamation,
  IconEdit,
  IconFile,
  IconFilePlus,
  IconHandClick,
  IconMail,
  IconMessage,
  IconNote,
  IconPhone,
  IconProgress,
  IconRecordMail,
  IconTrash,
  IconUserCheck,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ClientReferral } from '@trust/domain';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors.ts';
import { useReferralEvents } from '../../api/referrals/get-referral-events.ts';
import { formatDateTime, relativeAge } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { buildTimeline, type TimelineKind } from './timeline.ts';

const ICONS: Record<TimelineKind, Icon> = {
  created: IconFilePlus,
  updated: IconEdit,
  matched: IconHandClick,
  accepted: IconCircleCheck,
  rejected: IconCircleX,
  expired: IconClockExclamation,
  status: IconProgress,
  email: IconMail,
  sms: IconMessage,
  note: IconNote,
  document: IconFile,
  contact: IconAddressBook,
  deleted: IconTrash,
  call: IconPhone,
  voicemail: IconRecordMail,
  web_form: IconWorldWww,
  other: IconUserCheck,
};

/**
 * 000 §2.7 Timeline tab: the referral's history, newest first; each entry with its icon, title, who did it
 * ("System" for the expiry job and deliveries) and when. While the matched provider's answer is awaited, the
 * "Provider Response Required" block heads the list.
 */
export function TimelineTab({
  referral,
  now,
  responseRequired,
}: {
  referral: ClientReferral;
  now: Date;
  /** The provider response panel, shown in its block when the answer is awaited (000 §2.7). */
  responseRequired: ReactNode | null;
}) {
  const events = useReferralEvents(Number(referral.id));
  const entries = events.data ? buildTimeline(events.data, referral) : [];

  return (
    <Stack gap="md">
      <Title order={3}>Case Timeline</Title>

      {responseRequired && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={WORKSPACE_MESSAGES.responseRequired}
          style={{ borderColor: 'var(--mantine-color-orange-5)' }}
        >
          <Stack gap="sm">
            <Group gap="xs">
              <IconAlertCircle size={18} color="var(--mantine-color-orange-6)" aria-hidden />
              <Text fw={600}>{WORKSPACE_MESSAGES.responseRequired}</Text>
            </Group>
            {responseRequired}
          </Stack>
        </Paper>
      )}

      {events.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading the timeline" />
        </Center>
      ) : events.isError && !events.data ? (
        <LoadErrorAlert
          error={events.error}
          message={errorText(events.error, 'The case timeline could not be loaded.')}
          onRetry={() => void events.refetch()}
        />
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {WORKSPACE_MESSAGES.noTimeline}
        </Text>
      ) : (
        <Stack
          component="ol"
          aria-label="Case Timeline"
          gap="md"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {entries.map((entry) => {
            const EntryIcon = ICONS[entry.kind];
            return (
              <Group component="li" key={entry.key} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon color={entry.color} variant="light" radius="xl" size="lg" aria-hidden>
                  <EntryIcon size={18} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm">
                    {entry.title}
                  </Text>
                  {entry.lines.map((line) => (
                    <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line}
                    </Text>
                  ))}
                  <Text size="xs" c="dimmed">
                    {entry.who} · <span title={formatDateTime(entry.at)}>{relativeAge(entry.at, now)}</span> (
                    {formatDateTime(entry.at)})
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
