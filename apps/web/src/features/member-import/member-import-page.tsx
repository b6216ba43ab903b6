import { Badge, Box, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import type { MemberImport } from '@trust/domain';
import { useState } from 'react';
import { useCustomFields } from '../../api/members/custom-fields.ts';
import { useFieldMappings } from '../../api/members/field-mappings.ts';
import { type UploadedImport, useMemberImports } from '../../api/members/member-imports.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { MatchStep } from './match-step.tsx';
import { ProgressStep } from './progress-step.tsx';
import { UploadStep } from './upload-step.tsx';

const STATUS_COLOR: Record<MemberImport['status'], string> = {
  uploaded: 'gray',
  queued: 'orange',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * Import Members (issue #15 item 4): upload a plan's roster → match its columns → check the rows → import as a
 * background job with progress, cancellable, with a file of the refused rows. Managers and administrators.
 */
export function MemberImportPage() {
  const [uploaded, setUploaded] = useState<(UploadedImport & { sourceSystem: string }) | null>(null);
  const [started, setStarted] = useState<MemberImport | null>(null);
  const custom = useCustomFields();
  const mappings = useFieldMappings();
  const recent = useMemberImports();
  const sourceSystems = [...new Set((mappings.data ?? []).map((m) => m.source_system).filter(Boolean))];
  const step = started ? 2 : uploaded ? 1 : 0;
  const reset = () => {
    setUploaded(null);
    setStarted(null);
    void recent.refetch();
  };

  return (
    <Stack gap="md">
      <Title order={2}>Import Members</Title>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Upload" description="CSV or Excel">
          <UploadStep
            sourceSystems={sourceSystems}
            onUploaded={(result, sourceSystem) => setUploaded({ ...result, sourceSystem })}
          />
        </Stepper.Step>
        <Stepper.Step label="Match columns" description="and check the rows">
          {uploaded && (
            <MatchStep
              upload={uploaded.import}
              columns={uploaded.columns}
              sourceSystem={uploaded.sourceSystem}
              customFields={custom.data ?? []}
              onStarted={setStarted}
              onBack={reset}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Import" description="in the background">
          {started && <ProgressStep started={started} onAnother={reset} />}
        </Stepper.Step>
      </Stepper>
      {(recent.data?.imports.length ?? 0) > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Recent imports
          </Title>
          {/* Scrolls sideways on a phone, by keyboard too (axe scrollable-region-focusable). */}
          <Box role="region" aria-label="Recent imports" tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table miw={560} aria-label="Recent imports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Rows</Table.Th>
                  <Table.Th>Added / updated / refused</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data?.imports.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.file_name}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.status]} variant="light">
                        {r.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.total_rows.toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {r.created_count.toLocaleString()} / {r.updated_count.toLocaleString()} /{' '}
                        {r.refused_count.toLocaleString()}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(r.created_ts)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
