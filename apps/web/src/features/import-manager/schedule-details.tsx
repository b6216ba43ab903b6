import { Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportDependencyType, ImportSchedule } from '@trust/domain';
import { formatDateTime } from '../../components/format-date.ts';
import { TypeBadge } from './dependency-type-badge.tsx';
import { sourceLabel } from './import-format.ts';

// The Dependencies tab's card of the selected schedule: what it is, what it waits for, what waits for it.

export type Relation = { schedule: ImportSchedule | undefined; id: number; type: ImportDependencyType };

export function relationText(relations: Relation[]): string {
  return relations.length === 0
    ? 'None'
    : relations.map((r) => `${r.schedule?.name ?? `Schedule ${r.id}`} (${r.type})`).join(', ');
}

export function ScheduleDetails({
  schedule,
  dependsOn,
  dependents,
}: {
  schedule: ImportSchedule;
  dependsOn: Relation[];
  dependents: Relation[];
}) {
  const relationList = (relations: Relation[], empty: string) =>
    relations.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <List size="sm" spacing={4}>
        {relations.map((r) => (
          <List.Item key={`${r.id}-${r.type}`}>
            <Group gap={6} wrap="wrap">
              <Text size="sm">{r.schedule?.name ?? `Schedule ${r.id}`}</Text>
              <TypeBadge type={r.type} />
            </Group>
          </List.Item>
        ))}
      </List>
    );
  return (
    <Card withBorder padding="md" component="section" aria-label={`Details of ${schedule.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>
            {schedule.name}
          </Title>
          <Badge color={schedule.enabled ? 'teal' : 'gray'} variant="light" c="dark.6" tt="none">
            {schedule.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={110}>Source</Table.Th>
              <Table.Td>{sourceLabel(schedule.data_source)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Frequency</Table.Th>
              <Table.Td>
                {schedule.frequency} <code>{schedule.cron_expression}</code> (UTC)
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>States</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{schedule.states.join(', ') || '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Last run</Table.Th>
              <Table.Td>{formatDateTime(schedule.last_run, 'Never')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Next run</Table.Th>
              <Table.Td>{formatDateTime(schedule.next_run)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Runs</Table.Th>
              <Table.Td>
                {schedule.successful_runs} successful of {schedule.total_runs}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <div>
          <Text size="sm" fw={600}>
            Depends on
          </Text>
          {relationList(dependsOn, 'Nothing: it runs on its own timing.')}
        </div>
        <div>
          <Text size="sm" fw={600}>
            Depended on by
          </Text>
          {relationList(dependents, 'No schedule waits for it.')}
        </div>
      </Stack>
    </Card>
  );
}
