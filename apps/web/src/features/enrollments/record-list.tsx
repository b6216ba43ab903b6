import { Alert, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors.ts';

/**
 * Why a tab's list is missing or empty. Nothing is shown while it loads: the tab's count says "…" meanwhile.
 * `count` is the rows the panel shows, so "empty" means a loaded list with none, and fewer than the list's total
 * means the older ones are not shown.
 */
export function RecordListStatus({
  list,
  count,
  failedMessage,
  emptyText,
}: {
  list: { data: { total: number } | undefined; error: Error | null };
  count: number;
  failedMessage: string;
  emptyText: string;
}) {
  return (
    <>
      {list.error && (
        <Alert color="red" role="alert">
          {errorText(list.error, failedMessage)}
        </Alert>
      )}
      {list.data && count === 0 && <Text c="dimmed">{emptyText}</Text>}
      {/* A tab reads the newest 500 (records.ts): say so when there are more, rather than hide them silently. */}
      {list.data && count > 0 && list.data.total > count && (
        <Text size="sm" c="dimmed">
          Showing the newest {count} of {list.data.total}.
        </Text>
      )}
    </>
  );
}

/** A list as a table named by `label` (the journeys find it by that name); it scrolls sideways when narrow. */
export function RecordTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A note or goal, whose text is too long for a table cell: the record on the left, its actions top right. */
export function RecordCard({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>{children}</Stack>
        {actions}
      </Group>
    </Card>
  );
}
