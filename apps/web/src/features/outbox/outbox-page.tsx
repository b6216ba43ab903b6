import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconLock, IconMicrophone } from '@tabler/icons-react';
import { OUTBOX_MESSAGES, type OutboundChannel, type OutboundMessage } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useOutbox } from '../../api/outbox/get-outbox.ts';
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

  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / PAGE_SIZE)) : 1;

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

      {outbox.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the outbox" />
        </Center>
      ) : outbox.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(outbox.error, 'Failed to load the outbox')}
        </Alert>
      ) : outbox.data.messages.length === 0 ? (
        <Text c="dimmed">{OUTBOX_MESSAGES.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover aria-label="Outbox messages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject / first line</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Category</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.messages.map((m) => (
                  <Table.Tr
                    key={m.id}
                    onClick={() => setOpenId(m.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setOpenId(m.id);
                      }
                    }}
                    tabIndex={0}
                    aria-label={`Open message to ${m.to}: ${headline(m)}`}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {new Date(m.created_at).toLocaleString()}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={m.channel === 'sms' ? 'grape' : 'blue'}>
                        {m.channel === 'sms' ? 'SMS' : 'Email'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <OutboxStatusBadge status={m.status} />
                    </Table.Td>
                    <Table.Td>{m.category}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {outbox.data.total} {outbox.data.total === 1 ? 'message' : 'messages'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
          </Group>
        </>
      )}
      <OutboxMessageModal id={openId} onClose={() => setOpenId(null)} />
      <LeaveVoicemailDialog opened={voicemailOpen} onClose={() => setVoicemailOpen(false)} />
    </Stack>
  );
}
