import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail, IconMessage, IconWorldWww } from '@tabler/icons-react';
import {
  REFERRAL_MESSAGES_PAGE_SIZE,
  type ReferralMessage,
  type WebFormSubmission,
  webFormSubmissionStatus,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useReferralMessages } from '../../api/referrals/get-referral-messages.ts';
import { useReferralScreenshots } from '../../api/referrals/get-referral-screenshots.ts';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { formatDateTime } from './workspace-format.ts';

const STATUS_COLORS: Record<string, string> = { queued: 'yellow', sent: 'green', failed: 'red' };
const STATUS_LABELS: Record<string, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

const SUBMISSION_COLORS = { Submitted: 'green', Attempted: 'yellow', Filled: 'blue' } as const;

/** 'referral_status' → 'Referral status'. */
function categoryLabel(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

function MessageRow({ message }: { message: ReferralMessage }) {
  const email = message.channel === 'email';
  const ChannelIcon = email ? IconMail : IconMessage;
  const status = message.status.toLowerCase();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={`${email ? 'Email' : 'SMS'} to ${message.to}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelIcon size={18} aria-hidden />
            <Text fw={600} size="sm">
              {email ? 'Email' : message.channel === 'sms' ? 'SMS' : message.channel}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              to {message.to}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
            {STATUS_LABELS[status] ?? message.status}
          </Badge>
        </Group>
        {message.subject && (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Text>
        )}
        {message.phi ? (
          <Group gap={4}>
            <IconLock size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              Contains protected health information: sent encrypted; the content is not shown here.
            </Text>
          </Group>
        ) : (
          message.preview && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {message.preview}
            </Text>
          )
        )}
        {status === 'failed' && message.last_error && (
          <Text size="sm" c="red">
            Error: {message.last_error}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {categoryLabel(message.category)} · Created {formatDateTime(message.created_at)}
          {message.sent_at ? ` · Sent ${formatDateTime(message.sent_at)}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A stored screenshot is base64 PNG (001 §3); a data URL is accepted as it is. */
function screenshotSrc(value: string): string {
  return value.startsWith('data:') ? value : `data:image/png;base64,${value}`;
}

function SubmissionRow({ record }: { record: WebFormSubmission }) {
  const status = webFormSubmissionStatus(record);
  const fields = Object.values(record.fields_filled);
  const filled = fields.filter(Boolean).length;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={`Web form ${record.page_title ?? ''}`.trim()}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconWorldWww size={18} aria-hidden />
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {record.page_title ?? record.page_url ?? 'Web form'}
            </Text>
          </Group>
          <Badge color={SUBMISSION_COLORS[status]} variant="light">
            {status}
          </Badge>
        </Group>
        {record.page_url && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {record.page_url}
          </Text>
        )}
        {fields.length > 0 && (
          <Text size="sm">
            {filled} of {fields.length} fields filled
          </Text>
        )}
        {record.message && <Text size="sm">{record.message}</Text>}
        {record.error && (
          <Text size="sm" c="red">
            Error: {record.error}
          </Text>
        )}
        {(record.screenshot_before || record.screenshot_after) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {record.screenshot_before && (
              <Image src={screenshotSrc(record.screenshot_before)} alt="Form before filling" radius="sm" />
            )}
            {record.screenshot_after && (
              <Image src={screenshotSrc(record.screenshot_after)} alt="Form after filling" radius="sm" />
            )}
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed">
          {formatDateTime(record.created_at)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** 000 §7 screenshots: the provider web-form submissions, shown once there are some. */
function WebFormSubmissions({ referralId }: { referralId: number }) {
  const [page, setPage] = useState(1);
  const list = useReferralScreenshots(referralId, page);
  const data = list.data;
  if (!data || data.total === 0) return null;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <Stack gap="sm" component="section" aria-label="Web Form Submissions">
      <Title order={4}>Web Form Submissions</Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.screenshots.map((record) => (
          <SubmissionRow key={record.id} record={record} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Web form pages" />
      )}
    </Stack>
  );
}

/**
 * 000 §2.7 Communications tab: every message the product sent about the referral, newest first (channel,
 * recipient, subject or preview, status in colour, time, the error of a failed one), then the web-form
 * submissions. The provider's details email shows its subject only: its body holds PHI.
 */
export function CommunicationsTab({ referralId }: { referralId: number }) {
  const [page, setPage] = useState(1);
  const list = useReferralMessages(referralId, page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / REFERRAL_MESSAGES_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Title order={3}>Communications</Title>
      {!data && list.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading communications" />
        </Center>
      ) : !data ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(list.error, 'The communications could not be loaded.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : data.messages.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap={4} align="center" ta="center">
            <Text fw={600}>{WORKSPACE_MESSAGES.noCommunicationsTitle}</Text>
            <Text size="sm" c="dimmed">
              {WORKSPACE_MESSAGES.noCommunicationsText}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Stack
            component="ul"
            aria-label="Messages"
            gap="sm"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-busy={list.isFetching}
          >
            {data.messages.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Message pages" />
          )}
        </>
      )}
      <WebFormSubmissions referralId={referralId} />
    </Stack>
  );
}
