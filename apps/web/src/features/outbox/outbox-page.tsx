import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMicrophone } from '@tabler/icons-react';
import { OUTBOX_MESSAGES, type OutboundChannel, type OutboundMessage } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useOutbox } from '../../api/outbox/get-outbox.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { LeaveVoicemailDialog } from './leave-voicemail-dialog.tsx';
import { OutboxMessageModal } from './message-modal.tsx';
import { isSecretWithheld, WITHHELD_HEADLINE } from './secret-body.ts';
import { OutboxStatusBadge } from './status-badge.tsx';

const PAGE_SIZE = 25;

/** The subject of an email, else the first line of the body. */
function headline(message: OutboundMessage): string {
  if (message.subject) return message.subject;
  if (isSecretWithheld(message)) return WITHHELD_HEADLINE;
  const first = message.body_text.split('\n', 1)[0] ?? '';
  return first.length > 90 ? `${first.slice(0, 89)}…` : first;
}

const COLUMNS: DataTableColumn<OutboundMessage>[] = [
  { key: 'time', header: 'Time', nowrap: true, cell: (m) => formatDateTime(m.created_at) },
  {
    key: 'channel',
    header: 'Channel',
    cell: (m) => (
      <Badge variant="outline" color={m.channel === 'sms' ? 'grape' : 'blue'}>
        {m.channel === 'sms' ? 'SMS' : 'Email'}
      </Badge>
    ),
  },
  { key: 'to', header: 'To', cell: (m) => m.to },
  {
    key: 'headline',
    header: 'Subject / first line',
    cell: (m) => (
      <Group gap={6} wrap="nowrap">
        {isSecretWithheld(m) && (
          <IconLock
            size={14}
            aria-label="Link or code not kept"
            color="var(--mantine-color-dimmed)"
            style={{ flexShrink: 0 }}
          />
        )}
        <span>{headline(m)}</span>
      </Group>
    ),
  },
  { key: 'status', header: 'Status', cell: (m) => <OutboxStatusBadge status={m.status} /> },
  { key: 'category', header: 'Category', cell: (m) => m.category },
];

/**
 * Every email and SMS the product sent or would have sent (issue 3 item 1): with the local drivers this is
 * where a fresh machine shows invitation links and sign-in codes. The server lets only platform operators
 * read it; this screen shows its answer.
 */
export function OutboxPage() {
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<'all' | OutboundChannel>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [voicemailOpen, setVoicemailOpen] = useState(false);
  const outbox = useOutbox({ page, page_size: PAGE_SIZE, channel: channel === 'all' ? undefined : channel });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Outbox</Title>
          <Text size="sm" c="dimmed">
            Every email and SMS sent, newest first. With the local drivers, open a message to reply as the
            provider, or leave a voicemail as one.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconMicrophone size={16} />}
            onClick={() => setVoicemailOpen(true)}
          >
            Leave a voicemail
          </Button>
          <SegmentedControl
            aria-label="Channel"
            value={channel}
            onChange={(v) => {
              setChannel(v as 'all' | OutboundChannel);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
          />
        </Group>
      </Group>

      <DataTable<OutboundMessage>
        label="Outbox messages"
        columns={COLUMNS}
        rows={outbox.data?.messages}
        rowKey={(m) => m.id}
        loadingLabel="Loading the outbox"
        fetching={outbox.isFetching}
        empty={OUTBOX_MESSAGES.empty}
        error={outbox.error}
        onRetry={() => void outbox.refetch()}
        errorAlert={{ what: 'the outbox', message: errorText(outbox.error, 'Failed to load the outbox') }}
        onRowClick={(m) => setOpenId(m.id)}
        rowLabel={(m) => `Open message to ${m.to}: ${headline(m)}`}
        minWidth={720}
        tableProps={{ highlightOnHover: true }}
        paging={{
          page,
          pageSize: PAGE_SIZE,
          total: outbox.data?.total ?? 0,
          onPageChange: setPage,
          label: 'Outbox pages',
          summary: outbox.data && `${outbox.data.total} ${outbox.data.total === 1 ? 'message' : 'messages'}`,
        }}
      />
      <OutboxMessageModal id={openId} onClose={() => setOpenId(null)} />
      <LeaveVoicemailDialog opened={voicemailOpen} onClose={() => setVoicemailOpen(false)} />
    </Stack>
  );
}
