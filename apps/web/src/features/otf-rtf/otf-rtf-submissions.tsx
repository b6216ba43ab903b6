import { Paper, Stack, Title } from '@mantine/core';
import { OTF_MESSAGES, type OtfRtfSubmission } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useOtfRtfSubmissions } from '../../api/otf-rtf/get-otf-rtf.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { EscalationBadge } from './escalation-badge.tsx';

const PAGE_SIZE = 20;

const COLUMNS: DataTableColumn<OtfRtfSubmission>[] = [
  { key: 'submitted', header: 'Submitted', nowrap: true, cell: (s) => formatDateTime(s.created_at) },
  { key: 'zip', header: 'ZIP', cell: (s) => s.zip_code },
  { key: 'type', header: 'Referral type', cell: (s) => s.referral_type },
  { key: 'need', header: 'SDoH need', cell: (s) => s.sdoh_need },
  { key: 'language', header: 'Language', cell: (s) => s.preferred_language },
  { key: 'timeline', header: 'Timeline', cell: (s) => s.timeline },
  { key: 'escalation', header: 'Escalation', cell: (s) => <EscalationBadge level={s.escalation} /> },
  { key: 'by', header: 'By', cell: (s) => s.created_by_name ?? 'Unknown User' },
];

/** The active organization's OTF/RTF submissions, newest first, paged on the server. */
export function OtfRtfSubmissions() {
  const [page, setPage] = useState(1);
  const list = useOtfRtfSubmissions(page, PAGE_SIZE);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Submissions
        </Title>
        <DataTable<OtfRtfSubmission>
          label="OTF/RTF submissions"
          columns={COLUMNS}
          rows={list.data?.submissions}
          rowKey={(s) => s.id}
          loadingLabel="Loading submissions"
          fetching={list.isFetching}
          empty={OTF_MESSAGES.empty}
          error={list.error}
          onRetry={() => void list.refetch()}
          errorAlert={{
            title: OTF_MESSAGES.loadFailed,
            message: errorText(list.error, 'Please try again in a moment.'),
          }}
          minWidth={760}
          tableProps={{ striped: true }}
          paging={{
            page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: setPage,
            label: 'Submission pages',
            summary:
              list.data && `${list.data.total} ${list.data.total === 1 ? 'submission' : 'submissions'}`,
          }}
        />
      </Stack>
    </Paper>
  );
}
