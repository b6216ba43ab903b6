import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  List,
  Loader,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconListNumbers,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  cycleIfAdded,
  IMPORT_DEPENDENCY_COLORS,
  IMPORT_DEPENDENCY_MEANINGS,
  IMPORT_DEPENDENCY_TYPES,
  IMPORT_SCHEDULE_MESSAGES,
  type ImportDependency,
  type ImportDependencyType,
  type ImportSchedule,
} from '@trust/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { fetchExecutionOrder, useAddDependency, useImportSchedules } from '../../api/imports/schedules.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { DependencyGraphCanvas, edgeColor } from './dependency-graph-canvas.tsx';
import { layoutDependencyGraph } from './dependency-graph-layout.ts';
import { sourceLabel } from './import-format.ts';

// The Dependencies tab of the Import Manager (002 §2 "Dependencies", §4, §7, §8; issue #18 item 6): which
// schedule runs after which, drawn as a graph, with the same graph as an accessible table for screen readers and
// keyboards; add a dependency to the selected schedule; see the order the schedules run in.

const TYPE_LABELS: Record<ImportDependencyType, string> = {
  success: 'Success',
  completion: 'Completion',
  conditional: 'Conditional',
};

/** Why a call failed, for "Failed to add dependency: {detail}". */
function failureDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : 'Unknown error';
}

function TypeBadge({ type }: { type: ImportDependencyType }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={IMPORT_DEPENDENCY_COLORS[type]}
      // Dark text on the light tint: Mantine's orange text on it falls below 4.5:1.
      c="dark.6"
      tt="none"
      leftSection={
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 2,
            background: edgeColor(type),
          }}
        />
      }
    >
      {TYPE_LABELS[type]}
    </Badge>
  );
}

function Legend() {
  return (
    <Group gap="md" aria-label="Edge colours" role="group">
      {IMPORT_DEPENDENCY_TYPES.map((type) => (
        <Group key={type} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 22, height: 3, background: edgeColor(type) }}
          />
          <Text size="xs">
            {TYPE_LABELS[type]} ({IMPORT_DEPENDENCY_COLORS[type]})
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        Arrows point from a schedule to the one that runs after it; dashed circles are disabled schedules.
      </Text>
    </Group>
  );
}

type Relation = { schedule: ImportSchedule | undefined; id: number; type: ImportDependencyType };

function relationText(relations: Relation[]): string {
  return relations.length === 0
    ? 'None'
    : relations.map((r) => `${r.schedule?.name ?? `Schedule ${r.id}`} (${r.type})`).join(', ');
}

function ScheduleDetails({
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

function AddDependencyModal({
  opened,
  schedule,
  schedules,
  dependencies,
  onClose,
}: {
  opened: boolean;
  schedule: ImportSchedule | null;
  schedules: readonly ImportSchedule[];
  dependencies: readonly ImportDependency[];
  onClose: () => void;
}) {
  const [dependsOn, setDependsOn] = useState('');
  const [type, setType] = useState<ImportDependencyType>('success');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddDependency();

  const close = () => {
    setDependsOn('');
    setType('success');
    setMissing(false);
    setFailure(null);
    add.reset();
    onClose();
  };

  const options = schedule
    ? schedules
        .filter((s) => s.id !== schedule.id)
        .map((s) => {
          // What the server would refuse anyway, said ahead (the list may be stale: the server still decides).
          const already = dependencies.some(
            (d) => d.schedule_id === schedule.id && d.depends_on_schedule_id === s.id,
          );
          const cycle = !already && cycleIfAdded(dependencies, schedule.id, s.id) !== null;
          return {
            value: String(s.id),
            label: `${s.name}${already ? ' (already a dependency)' : cycle ? ' (would make a cycle)' : ''}`,
            disabled: already || cycle,
          };
        })
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!schedule) return;
    if (dependsOn === '') {
      setMissing(true);
      return;
    }
    setFailure(null);
    add.mutate(
      { id: schedule.id, depends_on_schedule_id: Number(dependsOn), dependency_type: type },
      {
        onSuccess: () => {
          const upstream = schedules.find((s) => String(s.id) === dependsOn);
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: `${schedule.name} now runs after ${upstream?.name ?? 'the chosen schedule'} (${type}).`,
          });
          close();
        },
        onError: (error) => setFailure(IMPORT_SCHEDULE_MESSAGES.addDependencyFailed(failureDetail(error))),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Dependency" centered size="lg">
      {schedule && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              <strong>{schedule.name}</strong> will wait for the schedule you choose.
            </Text>
            <NativeSelect
              label="Depends on"
              description="The schedule whose run it waits for"
              required
              value={dependsOn}
              data={[{ value: '', label: 'Choose a schedule' }, ...options]}
              error={missing ? 'Choose the schedule it depends on.' : undefined}
              onChange={(e) => {
                setDependsOn(e.currentTarget.value);
                setMissing(false);
              }}
            />
            <Radio.Group
              label="Dependency type"
              value={type}
              onChange={(value) => setType(value as ImportDependencyType)}
            >
              <Stack gap="xs" mt={6}>
                {IMPORT_DEPENDENCY_TYPES.map((t) => (
                  <Radio
                    key={t}
                    value={t}
                    label={`${TYPE_LABELS[t]} (${IMPORT_DEPENDENCY_COLORS[t]})`}
                    description={`It ${IMPORT_DEPENDENCY_MEANINGS[t]}.`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={add.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add Dependency
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

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
