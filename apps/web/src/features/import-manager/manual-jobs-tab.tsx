import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPlayerStop } from '@tabler/icons-react';
import {
  IMPORT_COMING_SOON_SOURCES,
  IMPORT_JOB_ACTIVE,
  IMPORT_MESSAGES,
  type ImportJob,
  type ImportStats,
  shortJobId,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useCancelImportJob } from '../../api/imports/jobs.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { formatCount, jobPercent, orderedSources, sourceLabel } from './import-format.ts';
import { JobDetailsModal } from './job-details-modal.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { StartImportForm } from './start-import-form.tsx';

const COMING_SOON_LABELS: Record<(typeof IMPORT_COMING_SOON_SOURCES)[number], [string, string]> = {
  ai_enrichment: [
    'AI enrichment',
    'Fill in missing services, hours and languages from what providers publish.',
  ],
  web_scraping: ['Web scraping', "Read providers' own websites for changes to their services and hours."],
  social_media: ['Social media', 'Notice closures and new locations announced on social media.'],
};

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function BySourceTable({ stats }: { stats: ImportStats }) {
  const total = stats.total_providers;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="by-source-title">
      <Title order={3} size="h4" id="by-source-title" mb="xs">
        Providers by source
      </Title>
      <Table aria-labelledby="by-source-title" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th ta="right">Providers</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orderedSources(stats.by_source).map((source) => {
            const n = stats.by_source[source] ?? 0;
            return (
              <Table.Tr key={source}>
                <Table.Td>{sourceLabel(source)}</Table.Td>
                <Table.Td ta="right">{formatCount(n)}</Table.Td>
                <Table.Td ta="right">{total ? `${((n / total) * 100).toFixed(1)}%` : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function ActiveJob({
  job,
  onCancel,
  cancelling,
}: {
  job: ImportJob;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = jobPercent(job);
  const p = job.progress;
  const where = p.current_state
    ? `now ${p.current_state}`
    : job.status === 'queued'
      ? 'waiting to start'
      : '';
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="article"
      aria-label={`Job ${shortJobId(job.job_id)}, ${job.states.join(', ')}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} ff="monospace">
              {shortJobId(job.job_id)}
            </Text>
            <JobStatusBadge status={job.status} />
            <Text size="sm">
              {sourceLabel(job.data_source)} · {job.states.join(', ')}
            </Text>
          </Group>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onCancel}
            loading={cancelling}
            aria-label={`Cancel job ${shortJobId(job.job_id)}`}
          >
            Cancel
          </Button>
        </Group>
        <Progress
          value={percent ?? 100}
          striped={percent === null || job.status === 'running'}
          animated={job.status === 'running'}
          aria-label={`Job ${shortJobId(job.job_id)} progress`}
          aria-valuetext={percent === null ? 'Reading the file' : `${percent}%`}
        />
        <Text size="sm" c="dimmed" role="status">
          {formatCount(p.providers_fetched)} fetched · {formatCount(p.providers_added)} added ·{' '}
          {formatCount(p.providers_updated)} updated · {formatCount(p.providers_skipped)} skipped
          {percent !== null ? ` · ${percent}%` : ''}
          {where ? ` · ${where}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}

const recentColumns: DataTableColumn<ImportJob>[] = [
  {
    key: 'id',
    header: 'Job',
    cell: (j) => <Text ff="monospace">{shortJobId(j.job_id)}</Text>,
    nowrap: true,
  },
  { key: 'status', header: 'Status', cell: (j) => <JobStatusBadge status={j.status} /> },
  { key: 'source', header: 'Source', cell: (j) => sourceLabel(j.data_source) },
  { key: 'states', header: 'States', cell: (j) => j.states.join(', ') },
  { key: 'fetched', header: 'Fetched', cell: (j) => formatCount(j.progress.providers_fetched) },
  { key: 'added', header: 'Added', cell: (j) => formatCount(j.progress.providers_added) },
  {
    key: 'updated',
    header: 'Updated',
    cell: (j) => formatCount(j.progress.providers_updated),
    hideOnPhone: true,
  },
  {
    key: 'skipped',
    header: 'Skipped',
    cell: (j) => formatCount(j.progress.providers_skipped),
    hideOnPhone: true,
  },
  { key: 'created', header: 'Created', cell: (j) => formatDateTime(j.created_at), nowrap: true },
];

/**
 * 002 §2 Manual Jobs: the statistic cards, providers by source, the start form, the active jobs with their
 * progress (live), the recent jobs (a row opens its details), and the sources that are coming soon.
 */
export function ManualJobsTab({ stats }: { stats: ImportStats }) {
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const cancel = useCancelImportJob();
  const active = stats.recent_jobs.filter((j) => IMPORT_JOB_ACTIVE.includes(j.status));
  const sources = Object.values(stats.by_source).filter((n) => n > 0).length;

  const onCancel = (job: ImportJob) =>
    cancel.mutate(job.job_id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          icon: <IconCircleCheck size={18} />,
          message: IMPORT_MESSAGES.cancelled,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: `${IMPORT_MESSAGES.cancelFailed}: ${errorText(error, 'try again.')}`,
        }),
    });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={3} spacing="sm">
        <StatCard
          label="Total Providers"
          value={formatCount(stats.total_providers)}
          hint="In the directory"
        />
        <StatCard label="Active Jobs" value={formatCount(stats.active_jobs)} hint="Queued or running" />
        <StatCard label="Data Sources" value={formatCount(sources)} hint="With providers in the directory" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <StartImportForm />
        <Stack gap="md">
          <BySourceTable stats={stats} />
          <Stack gap="xs" component="section" aria-labelledby="active-jobs-title">
            <Title order={3} size="h4" id="active-jobs-title">
              Active jobs
            </Title>
            {active.length === 0 ? (
              <Text size="sm" c="dimmed">
                No import is running.
              </Text>
            ) : (
              active.map((job) => (
                <ActiveJob
                  key={job.job_id}
                  job={job}
                  onCancel={() => onCancel(job)}
                  cancelling={cancel.isPending && cancel.variables === job.job_id}
                />
              ))
            )}
          </Stack>
        </Stack>
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="recent-jobs-title">
        <Title order={3} size="h4" id="recent-jobs-title">
          Recent jobs
        </Title>
        <DataTable<ImportJob>
          label="Recent import jobs"
          columns={recentColumns}
          rows={stats.recent_jobs}
          rowKey={(j) => j.job_id}
          empty="No import has run yet."
          onRowClick={(j) => setDetailsOf(j.job_id)}
          rowLabel={(j) => `Open job ${shortJobId(j.job_id)}`}
        />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="coming-soon-title">
        <Title order={3} size="h4" id="coming-soon-title">
          More sources
        </Title>
        <SimpleGrid cols={3} spacing="sm">
          {IMPORT_COMING_SOON_SOURCES.map((source) => {
            const [title, what] = COMING_SOON_LABELS[source];
            return (
              <Card key={source} withBorder padding="md" radius="md" aria-disabled="true" opacity={0.75}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{title}</Text>
                  <Badge color="gray" c="dark.6" variant="light" size="sm" tt="none">
                    Coming Soon
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {what}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      <JobDetailsModal jobId={detailsOf} onClose={() => setDetailsOf(null)} />
    </Stack>
  );
}
