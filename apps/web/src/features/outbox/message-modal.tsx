import { Alert, Center, Group, Loader, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { OUTBOX_MESSAGES, type OutboundMessage } from '@trust/domain';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors.ts';
import { useOutboxMessage } from '../../api/outbox/get-outbox-message.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { emailFrameDocument } from './frame-html.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { replierOf } from './provider-reply.ts';
import { ReplyAsProviderEmail, ReplyAsProviderSms } from './reply-as-provider.tsx';
import { isSecretWithheld } from './secret-body.ts';
import { OutboxStatusBadge } from './status-badge.tsx';

function HtmlBody({ html }: { html: string }) {
  return (
    <iframe
      title="HTML body"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={emailFrameDocument(html)}
      style={{
        width: '100%',
        minHeight: 320,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    />
  );
}

function Details({ message }: { message: OutboundMessage }) {
  const rows: [string, ReactNode][] = [
    ['To', message.to],
    ['Channel', message.channel === 'sms' ? 'SMS' : 'Email'],
    ['Category', message.category],
    ['Status', <OutboxStatusBadge key="status" status={message.status} />],
    ['Queued', formatDateTime(message.created_at)],
    ['Sent', formatDateTime(message.sent_at)],
    ['Driver', message.driver ?? '—'],
    ['Attempts', String(message.attempts)],
  ];
  if (message.provider_message_id) rows.push(['Provider id', message.provider_message_id]);
  // A label/value grid of one message, not a list of records: a plain Table, not DataTable.
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={120}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OutboxMessageModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const data = message.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      title={data ? (data.subject ?? (data.channel === 'sms' ? 'SMS' : 'Email')) : 'Message'}
    >
      {message.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading message" />
        </Center>
      ) : message.error ? (
        <LoadErrorAlert
          error={message.error}
          what="the message"
          message={errorText(message.error, 'Failed to load the message')}
          onRetry={() => void message.refetch()}
        />
      ) : data ? (
        <Stack gap="md">
          <Details message={data} />
          {data.last_error && (
            <Alert color={data.status === 'failed' ? 'red' : 'yellow'} title="Last delivery error">
              {data.last_error}
            </Alert>
          )}
          {isSecretWithheld(data) ? (
            <Alert color="gray" icon={<IconLock size={18} />} title="Link or code not kept">
              <Stack gap={4}>
                <Text size="sm">{OUTBOX_MESSAGES.secretBodyRemoved}</Text>
                {data.body_removed_at && (
                  <Text size="xs" c="dimmed">
                    Removed {formatDateTime(data.body_removed_at)}
                  </Text>
                )}
              </Stack>
            </Alert>
          ) : data.body_html ? (
            <Tabs defaultValue="text">
              <Tabs.List>
                <Tabs.Tab value="text">Text</Tabs.Tab>
                <Tabs.Tab value="html">HTML</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="text" pt="sm">
                <LinkifiedText text={data.body_text} />
              </Tabs.Panel>
              <Tabs.Panel value="html" pt="sm">
                <HtmlBody html={data.body_html} />
              </Tabs.Panel>
            </Tabs>
          ) : (
            <Group>
              <LinkifiedText text={data.body_text} />
            </Group>
          )}
          <Text size="xs" c="dimmed">
            Message #{data.id}
          </Text>
          {replierOf(data) &&
            (data.channel === 'sms' ? (
              <ReplyAsProviderSms key={data.id} message={data} replier={replierOf(data)!} />
            ) : (
              <ReplyAsProviderEmail key={data.id} message={data} />
            ))}
        </Stack>
      ) : null}
    </Modal>
  );
}
