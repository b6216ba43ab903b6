import {
  Alert,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconListNumbers, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { IMPORT_SCHEDULE_MESSAGES } from '@trust/domain';
import { useMemo, useState } from 'react';
import { fetchExecutionOrder, useImportSchedules } from '../../api/imports/schedules.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { AddDependencyModal } from './add-dependency-modal.tsx';
import { DependencyGraphCanvas } from './dependency-graph-canvas.tsx';
import { layoutDependencyGraph } from './dependency-graph-layout.ts';
import { Legend } from './dependency-type-badge.tsx';
import { failureDetail } from './import-format.ts';
import { type Relation, relationText, ScheduleDetails } from './schedule-details.tsx';

// The Dependencies tab of the Import Manager (002 §2 "Dependencies", §4, §7, §8; issue #18 item 6): which
// schedule runs after which, drawn as a graph, with the same graph as an accessible table for screen readers and
// keyboards; add a dependency to the selected schedule; see the order the schedules run in.

/** 002 §2 Dependencies: the graph of schedules, its details, and the actions on it. */
export function DependenciesTab() {
  const list = useImportSchedules();
  const [selected, setSelected] = useState<number | null>(null);
  const [needSelection, setNeedSelection] = useState(false);
  const [adding, setAdding] = useState(false);
  const order = useMutation({ mutationFn: fetchExecutionOrder });

  const schedules = useMemo(() => list.data?.schedules ?? [], [list.data]);
  const dependencies = useMemo(() => list.data?.dependencies ?? [], [list.data]);
  const byId = useMemo(() => new Map(schedules.map((s) => [s.id, s])), [schedules]);
  const layout = useMemo(
    () =>
      layoutDependencyGraph(
        schedules.map((s) => s.id),
        dependencies,
      ),
    [schedules, dependencies],
  );
  // A schedule deleted meanwhile is no longer selected.
  const current = selected !== null ? (byId.get(selected) ?? null) : null;

  const dependsOnOf = (id: number): Relation[] =>
    dependencies
      .filter((d) => d.schedule_id === id)
      .map((d) => ({
        id: d.depends_on_schedule_id,
        schedule: byId.get(d.depends_on_schedule_id),
        type: d.dependency_type,
      }));
  const dependentsOf = (id: number): Relation[] =>
    dependencies
      .filter((d) => d.depends_on_schedule_id === id)
      .map((d) => ({ id: d.schedule_id, schedule: byId.get(d.schedule_id), type: d.dependency_type }));

  const select = (id: number) => {
    setSelected(id);
    setNeedSelection(false);
  };

  const summary =
    schedules.length === 0
      ? 'Dependency graph: no schedules.'
      : `Dependency graph of ${schedules.length} schedule${schedules.length === 1 ? '' : 's'} in ${layout.levels} level${layout.levels === 1 ? '' : 's'} with ${dependencies.length} dependenc${dependencies.length === 1 ? 'y' : 'ies'}${current ? `; ${current.name} selected` : ''}. The table below lists the same graph.`;

  const orderIds = order.data?.execution_order;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={3}>Schedule dependencies</Title>
          <Text size="sm" c="dimmed">
            A schedule that depends on another runs after it. Select a schedule in the graph or the table.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          >
            Refresh
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!list.data}
            onClick={() => {
              if (!current) {
                setNeedSelection(true);
                return;
              }
              setAdding(true);
            }}
          >
            Add Dependency
          </Button>
          <Button
            variant="light"
            leftSection={<IconListNumbers size={16} />}
            disabled={schedules.length === 0}
            loading={order.isPending}
            onClick={() => order.mutate(schedules.map((s) => s.id))}
          >
            Execution Order
          </Button>
        </Group>
      </Group>

      {needSelection && !current && (
        <Alert
          color="yellow"
          c="dark.6"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => setNeedSelection(false)}
        >
          {IMPORT_SCHEDULE_MESSAGES.selectNode}
        </Alert>
      )}

      {order.error && (
        <LoadErrorAlert
          error={order.error}
          compact
          message={`Failed to get the execution order: ${failureDetail(order.error)}`}
          onRetry={() => order.mutate(schedules.map((s) => s.id))}
          retrying={order.isPending}
        />
      )}

      {orderIds && (
        <Card withBorder padding="md" component="section" aria-label="Execution order">
          <Group justify="space-between" wrap="nowrap">
            <Title order={4}>Execution order</Title>
            <CloseButton aria-label="Close the execution order" onClick={() => order.reset()} />
          </Group>
          <Text size="sm" c="dimmed" mb="xs">
            Each schedule runs after the ones it depends on.
          </Text>
          <List type="ordered" size="sm" spacing={2}>
            {orderIds.map((id) => (
              <List.Item key={id}>{byId.get(id)?.name ?? `Schedule ${id}`}</List.Item>
            ))}
          </List>
        </Card>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the schedules" />
        </Center>
      ) : list.error && !list.data ? (
        <LoadErrorAlert
          error={list.error}
          what="the schedules"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : schedules.length === 0 ? (
        <Text c="dimmed">
          No schedules yet. Create schedules in the Schedules tab, then make one depend on another here.
        </Text>
      ) : (
        <>
          {list.error && (
            <LoadErrorAlert
              error={list.error}
              compact
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          )}
          <Group align="flex-start" gap="md" wrap="wrap">
            <Stack gap="xs" style={{ flex: '1 1 520px', maxWidth: 800, minWidth: 0 }}>
              <DependencyGraphCanvas
                layout={layout}
                schedules={schedules}
                dependencies={dependencies}
                selectedId={current?.id ?? null}
                onSelect={select}
                label={summary}
              />
              <Legend />
            </Stack>
            <div style={{ flex: '1 1 280px', minWidth: 0 }}>
              {current ? (
                <ScheduleDetails
                  schedule={current}
                  dependsOn={dependsOnOf(current.id)}
                  dependents={dependentsOf(current.id)}
                />
              ) : (
                <Card withBorder padding="md">
                  <Text size="sm" c="dimmed">
                    Select a schedule in the graph or the table to see its details.
                  </Text>
                </Card>
              )}
            </div>
          </Group>

          <Table.ScrollContainer minWidth={600}>
            <Table striped verticalSpacing="xs" aria-label="Schedules and their dependencies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Schedule</Table.Th>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>Depends on</Table.Th>
                  <Table.Th>Depended on by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...schedules]
                  .sort(
                    (a, b) =>
                      (layout.nodes.get(a.id)?.level ?? 0) - (layout.nodes.get(b.id)?.level ?? 0) ||
                      a.id - b.id,
                  )
                  .map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant={current?.id === s.id ? 'filled' : 'subtle'}
                          aria-pressed={current?.id === s.id}
                          onClick={() => select(s.id)}
                          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                          h="auto"
                        >
                          {s.name}
                        </Button>
                      </Table.Td>
                      <Table.Td>{(layout.nodes.get(s.id)?.level ?? 0) + 1}</Table.Td>
                      <Table.Td>{relationText(dependsOnOf(s.id))}</Table.Td>
                      <Table.Td>{relationText(dependentsOf(s.id))}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}

      <AddDependencyModal
        opened={adding && current !== null}
        schedule={current}
        schedules={schedules}
        dependencies={dependencies}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
