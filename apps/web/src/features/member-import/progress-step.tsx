import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { MemberImport } from '@trust/domain';
import { saveBlob } from '../../api/documents/download-document.ts';
import { errorText } from '../../api/errors.ts';
import { fetchRefusals, useCancelImport, useMemberImport } from '../../api/members/member-imports.ts';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value.toLocaleString()}</Text>
    </div>
  );
}

const STATUS_TEXT: Record<MemberImport['status'], string> = {
  uploaded: 'Not started',
  queued: 'Waiting to start…',
  running: 'Importing…',
  completed: 'Import complete',
  failed: 'Import stopped',
  cancelled: 'Import cancelled',
};

/** Step 3: the import's progress (read every second while it runs), Cancel, and the refusal file when done. */
export function ProgressStep({ started, onAnother }: { started: MemberImport; onAnother: () => void }) {
  const query = useMemberImport(started.id);
  const cancel = useCancelImport(started.id);
  const row = query.data ?? started;
  const active = row.status === 'queued' || row.status === 'running';

  const download = async () => {
    try {
      saveBlob(await fetchRefusals(row.id), `${row.file_name.replace(/\.[^.]+$/, '')}-refused-rows.csv`);
    } catch (e) {
      notifications.show({ color: 'red', message: errorText(e, 'Failed to download the refused rows') });
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Text fw={600} role="status" aria-live="polite">
        {STATUS_TEXT[row.status]} {row.processed_rows.toLocaleString()} of {row.total_rows.toLocaleString()}{' '}
        rows
      </Text>
      <Progress
        value={row.progress_percent}
        size="xl"
        animated={active}
        color={row.status === 'failed' ? 'red' : row.status === 'cancelled' ? 'gray' : undefined}
        aria-label="Import progress"
      />
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Count label="Added" value={row.created_count} />
        <Count label="Updated" value={row.updated_count} />
        <Count label="Unchanged" value={row.unchanged_count} />
        <Count label="Skipped" value={row.skipped_count} />
        <Count label="Refused" value={row.refused_count} />
      </SimpleGrid>
      {row.error && (
        <Alert color="red" role="alert">
          {row.error}
        </Alert>
      )}
      {row.status === 'cancelled' && (
        <Alert color="gray">
          Rows imported before the cancel stay; import the same file again to finish it.
        </Alert>
      )}
      <Group>
        {active && (
          <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel import
          </Button>
        )}
        {!active && row.refused_count > 0 && (
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={download}>
            Download refused rows ({row.refused_count.toLocaleString()})
          </Button>
        )}
        {!active && (
          <Button variant="default" onClick={onAnother}>
            Import another file
          </Button>
        )}
      </Group>
    </Stack>
  );
}
