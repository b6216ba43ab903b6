import { Badge, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconLock } from '@tabler/icons-react';
import { COMMUNICATIONS_PAGE_SIZE, type Communication } from '@trust/domain';
import { useState } from 'react';
import { useCommunications } from '../../api/communications/get-communications.ts';
import { formatDateTime } from '../format-date.ts';
import { LoadErrorAlert } from '../load-error-alert.tsx';
import { ChannelIcon, channelLabel } from './channel-icon.tsx';
import { EmptyState } from './empty-state.tsx';
import { isFailedStatus, statusColor, statusLabel } from './status-colors.ts';

/** 'referral_send' → 'Referral send'. */
function categoryLabel(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

/** The times a record went through, in order (created, sent, delivered, opened, clicked, read). */
function timesOf(c: Communication): string {
  const parts: [string, string | null][] = [
    ['Created', c.created_at],
    ['Sent', c.sent_at],
    ['Delivered', c.delivered_at],
    ['Opened', c.opened_at],
    ['Clicked', c.clicked_at],
  ];
  return parts
    .filter(([, value]) => value !== null)
    .map(([label, value]) => `${label} ${formatDateTime(value)}`)
    .join(' · ');
}

function RecordRow({ record }: { record: Communication }) {
  const outbound = record.direction === 'outbound';
  const label =
    record.category === 'voicemail'
      ? 'Voicemail'
      : record.method_type === 'voice'
        ? 'Call'
        : channelLabel(record.method_type);
  const counterpart = outbound ? record.to_address : record.from_address;
  const DirectionIcon = outbound ? IconArrowUpRight : IconArrowDownLeft;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`${label}, ${record.direction}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelIcon channel={record.method_type} category={record.category} />
            <Text fw={600} size="sm">
              {label}
            </Text>
            <DirectionIcon size={14} aria-hidden />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {outbound ? 'to' : 'from'}{' '}
              {record.provider_name ?? counterpart ?? record.contact_value ?? 'unknown'}
            </Text>
          </Group>
          <Badge color={statusColor(record.status)} variant="light">
            {statusLabel(record.status)}
          </Badge>
        </Group>
        {record.subject && (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {record.subject}
          </Text>
        )}
        {record.message_content ? (
          <Text
            size="sm"
            c="dimmed"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            lineClamp={4}
          >
            {record.message_content}
          </Text>
        ) : (
          record.phi_included && (
            <Group gap={4}>
              <IconLock size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                Contains protected health information: sent encrypted; the content is not shown here.
              </Text>
            </Group>
          )
        )}
        {record.error_message && (isFailedStatus(record.status) || record.success === false) && (
          <Text size="sm" c="red">
            Error: {record.error_message}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {categoryLabel(record.category)} · {timesOf(record)}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Every communication about a referral, of every channel and direction (SMS, email, calls, voicemails, web
 * forms), newest first, one page at a time: channel, direction, status, content, error and times.
 */
export function CommunicationRecordList({
  referralId,
  emptyText,
}: {
  referralId: number;
  emptyText: string;
}) {
  const [page, setPage] = useState(1);
  const list = useCommunications({ referral_id: referralId, page, page_size: COMMUNICATIONS_PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <Stack gap="sm" component="section" aria-label="All communications">
      <Title order={4}>All communications</Title>
      {!data && list.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading communications" />
        </Center>
      ) : !data ? (
        <LoadErrorAlert error={list.error} what="communications" onRetry={() => void list.refetch()} />
      ) : data.communications.length === 0 ? (
        <EmptyState title="No communications yet" text={emptyText} />
      ) : (
        <>
          <Stack
            component="ul"
            aria-label="Communication records"
            gap="sm"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-busy={list.isFetching}
          >
            {data.communications.map((record) => (
              <RecordRow key={record.id} record={record} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              aria-label="Communication pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
