import { Alert, Badge, Box, Button, Group, List, Radio, Select, Stack, Table, Text } from '@mantine/core';
import {
  CORE_MEMBER_FIELD_LABELS,
  CORE_MEMBER_FIELDS,
  type CustomField,
  columnMapProblem,
  MEMBER_IMPORT_MESSAGES,
  type MemberImport,
  type MemberImportOnExisting,
} from '@trust/domain';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { type ColumnMatch, usePreviewImport, useStartImport } from '../../api/members/member-imports.ts';

const SKIP = '';

/**
 * Step 2: each file column matched to a member field (through the mappings, then by similar names; the user
 * changes any), what to do with members already on file, a check of every row, then the import.
 */
export function MatchStep({
  upload,
  columns,
  sourceSystem,
  customFields,
  onStarted,
  onBack,
}: {
  upload: MemberImport;
  columns: ColumnMatch[];
  sourceSystem: string;
  customFields: CustomField[];
  onStarted: (row: MemberImport) => void;
  onBack: () => void;
}) {
  const [map, setMap] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.filter((c) => c.field).map((c) => [c.column, c.field as string])),
  );
  const [onExisting, setOnExisting] = useState<MemberImportOnExisting>('update');
  const preview = usePreviewImport(upload.id);
  const start = useStartImport(upload.id);
  const fieldOptions = useMemo(
    () => [
      { value: SKIP, label: "Don't import" },
      ...CORE_MEMBER_FIELDS.map((f) => ({ value: f, label: CORE_MEMBER_FIELD_LABELS[f] })),
      ...customFields.map((f) => ({ value: f.name, label: `${f.friendly_name} (custom)` })),
    ],
    [customFields],
  );
  const problem = columnMapProblem({ columns: columns.map((c) => c.column), columnMap: map, customFields });
  const setField = (column: string, field: string | null) => {
    preview.reset();
    setMap((current) => {
      const next = { ...current };
      if (!field) delete next[column];
      else next[column] = field;
      return next;
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{upload.file_name}</b>: {upload.total_rows.toLocaleString()} rows. Check the member field of each
        column.
      </Text>
      {/* Scrolls sideways on a phone, by keyboard too (axe scrollable-region-focusable). */}
      <Box role="region" aria-label="Column matches" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table miw={480} striped aria-label="Column matches">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File column</Table.Th>
              <Table.Th>Member field</Table.Th>
              <Table.Th>Matched by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((c) => (
              <Table.Tr key={c.column}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {c.column}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Member field for ${c.column}`}
                    data={fieldOptions}
                    value={map[c.column] ?? SKIP}
                    onChange={(v) => setField(c.column, v)}
                    allowDeselect={false}
                    searchable
                  />
                </Table.Td>
                <Table.Td>
                  {map[c.column] === (c.field ?? undefined) && c.matched_by ? (
                    <Badge variant="light" color={c.matched_by === 'mapping' ? 'teal' : 'blue'}>
                      {c.matched_by === 'mapping' ? 'Field mapping' : 'Similar name'}
                    </Badge>
                  ) : map[c.column] ? (
                    <Badge variant="light" color="gray">
                      You
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Radio.Group
        label="Members already on file (same Medicaid ID or patient number)"
        value={onExisting}
        onChange={(v) => setOnExisting(v as MemberImportOnExisting)}
      >
        <Group mt={4}>
          <Radio value="update" label="Update them with the file's values" />
          <Radio value="skip" label="Leave them as they are" />
        </Group>
      </Radio.Group>
      {problem && (
        <Alert color="orange" role="alert">
          {problem}
        </Alert>
      )}
      {preview.error && (
        <Alert color="red" role="alert">
          {errorText(preview.error, MEMBER_IMPORT_MESSAGES.startFailed)}
        </Alert>
      )}
      {preview.data && (
        <Alert color={preview.data.refused_rows ? 'orange' : 'green'} title="Checked every row">
          <Text size="sm">
            {(preview.data.total_rows - preview.data.refused_rows).toLocaleString()} of{' '}
            {preview.data.total_rows.toLocaleString()} rows can be imported
            {preview.data.refused_rows
              ? `; ${preview.data.refused_rows.toLocaleString()} will be refused and listed in the refusal file.`
              : '.'}
          </Text>
          {preview.data.errors.length > 0 && (
            <List size="sm" mt="xs">
              {preview.data.errors.map((e) => (
                <List.Item key={e.row}>
                  Row {e.row}: {e.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {start.error && (
        <Alert color="red" role="alert">
          {errorText(start.error, MEMBER_IMPORT_MESSAGES.startFailed)}
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={onBack}>
          Choose another file
        </Button>
        <Button
          variant="light"
          disabled={problem !== null}
          loading={preview.isPending}
          onClick={() => preview.mutate({ source_system: sourceSystem, column_map: map })}
        >
          Check rows
        </Button>
        <Button
          disabled={problem !== null}
          loading={start.isPending}
          onClick={() =>
            start.mutate(
              { source_system: sourceSystem, column_map: map, on_existing: onExisting },
              { onSuccess: onStarted },
            )
          }
        >
          Import {upload.total_rows.toLocaleString()} rows
        </Button>
      </Group>
    </Stack>
  );
}
