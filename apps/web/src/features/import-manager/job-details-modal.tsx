import { Alert, Center, Group, List, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { IMPORT_MESSAGES, importMethodLabel, shortJobId } from '@trust/domain';
import { errorText } from '../../api/errors.ts';
import { useImportJob } from '../../api/imports/jobs.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { formatBytes, formatCount, formatDuration, formatUsd, sourceLabel } from './import-format.ts';
import { JobStatusBadge } from './job-status-badge.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** 002 §2 "row click opens a details modal": one job as the server has it now, kept live by the stats' events. */
export function JobDetailsModal({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  const job = useImportJob(jobId);
  const j = job.data;
  return (
    <Modal
      opened={jobId !== null}
      onClose={onClose}
      title={jobId ? `Import job ${shortJobId(jobId)}` : 'Import job'}
      size="lg"
      centered
    >
      {job.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading the job" />
        </Center>
      ) : job.error || !j ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {`${IMPORT_MESSAGES.jobDetailsFailed}: ${errorText(job.error, 'try again.')}`}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <JobStatusBadge status={j.status} />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {j.job_id}
            </Text>
          </Group>
          <SimpleGrid cols={3} spacing="sm">
            <Fact label="Source">
              {sourceLabel(j.data_source)} · {importMethodLabel(j.data_source, j.method)}
            </Fact>
            <Fact label="States">{j.states.join(', ')}</Fact>
            <Fact label="Per state">
              {formatCount(j.limit)}
              {j.taxonomy ? ` · ${j.taxonomy}` : ''}
            </Fact>
            <Fact label="Created">{formatDateTime(j.created_at)}</Fact>
            <Fact label="Started">{formatDateTime(j.started_at)}</Fact>
            <Fact label="Completed">{formatDateTime(j.completed_at)}</Fact>
          </SimpleGrid>
          <SimpleGrid cols={3} spacing="sm">
            <Fact label="Fetched">{formatCount(j.progress.providers_fetched)}</Fact>
            <Fact label="Added">{formatCount(j.progress.providers_added)}</Fact>
            <Fact label="Updated">{formatCount(j.progress.providers_updated)}</Fact>
            <Fact label="Skipped">
              {formatCount(j.progress.providers_skipped)}
              {j.progress.providers_refused > 0
                ? ` (${formatCount(j.progress.providers_refused)} without a usable address)`
                : ''}
            </Fact>
            <Fact label="Deactivated">{formatCount(j.progress.providers_deactivated)}</Fact>
            <Fact label="States done">
              {j.progress.states_completed.length} of {j.states.length}
              {j.progress.current_state ? ` · now ${j.progress.current_state}` : ''}
            </Fact>
          </SimpleGrid>
          <SimpleGrid cols={3} spacing="sm">
            <Fact label="Registry API calls">{formatCount(j.usage.api_calls)}</Fact>
            <Fact label="Downloaded">{formatBytes(j.usage.bytes_downloaded)}</Fact>
            <Fact label="Rows written">{formatCount(j.usage.rows_written)}</Fact>
            <Fact label="CPU time">{j.usage.cpu_seconds.toFixed(1)} s</Fact>
            <Fact label="Duration">{formatDuration(j.usage.duration_ms)}</Fact>
            <Fact label="Cost">{j.cost_usd === null ? 'When it ends' : formatUsd(j.cost_usd)}</Fact>
          </SimpleGrid>
          {j.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Why it failed">
              {j.error}
            </Alert>
          )}
          {j.notes.length > 0 && (
            <div>
              <Text size="sm" fw={500}>
                Notes
              </Text>
              <List size="sm">
                {j.notes.map((note) => (
                  <List.Item key={note}>{note}</List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      )}
    </Modal>
  );
}
