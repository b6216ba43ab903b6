import { Alert, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { OTF_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useOtfRtfSubmissions } from '../../api/otf-rtf/get-otf-rtf.ts';
import { EscalationBadge } from './escalation-badge.tsx';

const PAGE_SIZE = 20;

/** The active organization's OTF/RTF submissions, newest first, paged on the server. */
export function OtfRtfSubmissions() {
  const [page, setPage] = useState(1);
  const list = useOtfRtfSubmissions(page, PAGE_SIZE);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Submissions
        </Title>
        {list.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading submissions" />
          </Center>
        ) : list.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={OTF_MESSAGES.loadFailed}
          >
            {errorText(list.error, 'Please try again in a moment.')}
          </Alert>
        ) : list.data.submissions.length === 0 ? (
          <Text c="dimmed" size="sm">
            {OTF_MESSAGES.empty}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="OTF/RTF submissions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Submitted</Table.Th>
                    <Table.Th>ZIP</Table.Th>
                    <Table.Th>Referral type</Table.Th>
                    <Table.Th>SDoH need</Table.Th>
                    <Table.Th>Language</Table.Th>
                    <Table.Th>Timeline</Table.Th>
                    <Table.Th>Escalation</Table.Th>
                    <Table.Th>By</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.submissions.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {new Date(s.created_at).toLocaleString()}
                      </Table.Td>
                      <Table.Td>{s.zip_code}</Table.Td>
                      <Table.Td>{s.referral_type}</Table.Td>
                      <Table.Td>{s.sdoh_need}</Table.Td>
                      <Table.Td>{s.preferred_language}</Table.Td>
                      <Table.Td>{s.timeline}</Table.Td>
                      <Table.Td>
                        <EscalationBadge level={s.escalation} />
                      </Table.Td>
                      <Table.Td>{s.created_by_name ?? 'Unknown User'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {list.data.total} {list.data.total === 1 ? 'submission' : 'submissions'}
              </Text>
              {pages > 1 && (
                <Pagination total={pages} value={page} onChange={setPage} aria-label="Submission pages" />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
