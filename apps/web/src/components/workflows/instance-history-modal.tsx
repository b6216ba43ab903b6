import { Alert, Badge, Center, Code, Group, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  WORKFLOW_STEP_TYPE_LABELS,
  type WorkflowExecution,
  type WorkflowExecutionStatus,
  type WorkflowInstance,
  type WorkflowTask,
  workflowDuration,
} from '@trust/domain';
import { errorText } from '../../api/errors.ts';
import { useWorkflowExecutions } from '../../api/workflows/workflow-instances.ts';
import { useWorkflowTasks } from '../../api/workflows/workflow-tasks.ts';
import { formatDateTime } from '../format-date.ts';
import { InstanceStatusBadge } from './instance-status-badge.tsx';
import { INSTANCE_TEXTS } from './instance-texts.ts';

const EXECUTION_COLORS: Record<WorkflowExecutionStatus, string> = {
  pending: 'gray',
  running: 'blue',
  waiting: 'yellow',
  completed: 'green',
  failed: 'red',
  skipped: 'gray',
  cancelled: 'gray',
};

/** A step's output as short key: value lines (long values cut; the whole JSON is one click away). */
function OutputLines({ output }: { output: Record<string, unknown> }) {
  const entries = Object.entries(output).filter(([, v]) => v !== null && v !== undefined);
  if (entries.length === 0) return null;
  return (
    <details>
      <summary>
        <Text span size="xs" c="dimmed">
          Output:{' '}
          {entries.map(([k, v]) => `${k} ${typeof v === 'object' ? '…' : String(v).slice(0, 40)}`).join(', ')}
        </Text>
      </summary>
      <Code block fz="xs">
        {JSON.stringify(output, null, 2)}
      </Code>
    </details>
  );
}

function ExecutionItem({ execution, task }: { execution: WorkflowExecution; task?: WorkflowTask }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge color={EXECUTION_COLORS[execution.status]} variant="light">
          {execution.status}
        </Badge>
        <Text size="xs" c="dimmed">
          {WORKFLOW_STEP_TYPE_LABELS[execution.step_type]}
          {execution.attempts > 1 ? ` · ${execution.attempts} attempts` : ''}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {execution.started_at ? `Started ${formatDateTime(execution.started_at)}` : 'Not started'}
        {execution.completed_at ? ` · ended ${formatDateTime(execution.completed_at)}` : ''}
        {execution.resume_at && execution.status !== 'completed'
          ? ` · goes on ${formatDateTime(execution.resume_at)}`
          : ''}
      </Text>
      {task && (
        <Text size="xs">
          {task.status === 'open'
            ? `Waiting for ${task.assignee_name ?? `a ${task.assignee_role}`}`
            : `${task.status === 'done' ? 'Done' : task.status === 'approved' ? 'Approved' : task.status === 'rejected' ? 'Rejected' : 'Cancelled'}${
                task.completed_by_name ? ` by ${task.completed_by_name}` : ''
              }${task.outcome ? `: ${task.outcome}` : ''}${task.comment ? ` — “${task.comment}”` : ''}`}
        </Text>
      )}
      {execution.error && (
        <Text size="xs" c="red">
          {execution.error}
        </Text>
      )}
      {execution.output && <OutputLines output={execution.output} />}
    </Stack>
  );
}

/**
 * One instance's history (002 §7 GET …/instances/{id}/executions, issue #17 item 3): every step execution in the
 * order it ran, with its status, attempts, times, error and output, and the decision of each task or approval.
 */
export function InstanceHistoryModal({
  instance,
  onClose,
}: {
  instance: WorkflowInstance | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const id = instance?.id ?? null;
  const executions = useWorkflowExecutions(id);
  const open = useWorkflowTasks({ instanceId: id, state: 'open' }, id !== null);
  const closed = useWorkflowTasks({ instanceId: id, state: 'closed' }, id !== null);
  const tasks = [...(open.data?.tasks ?? []), ...(closed.data?.tasks ?? [])];
  const taskOf = (e: WorkflowExecution) =>
    tasks.find((t) => (e.output as { task_id?: number } | null)?.task_id === t.id);
  const list = executions.data?.executions ?? [];

  return (
    <Modal
      opened={instance !== null}
      onClose={onClose}
      title={instance ? `History: ${instance.workflow_name}` : 'History'}
      size="lg"
      fullScreen={phone}
    >
      {instance && (
        <Stack gap="sm">
          <Group gap="sm">
            <InstanceStatusBadge status={instance.status} />
            <Text size="sm">
              {instance.member_name} · started {formatDateTime(instance.started_at)} ·{' '}
              {workflowDuration(instance.started_at, instance.completed_at)}
            </Text>
          </Group>
          {instance.error_message && (
            <Alert color="red" title="Error">
              {instance.error_message}
            </Alert>
          )}
          {executions.isLoading && (
            <Center py="md">
              <Loader aria-label="Loading the history" />
            </Center>
          )}
          {executions.error && (
            <Alert color="red" role="alert">
              {errorText(executions.error, INSTANCE_TEXTS.fetchFailed)}
            </Alert>
          )}
          {executions.data && list.length === 0 && <Text c="dimmed">No step has run yet.</Text>}
          {list.length > 0 && (
            <Timeline bulletSize={22} lineWidth={2} active={list.length - 1}>
              {list.map((e) => (
                <Timeline.Item
                  key={e.id}
                  bullet={<Text size="xs">{e.step_order}</Text>}
                  title={e.step_name}
                  color={EXECUTION_COLORS[e.status]}
                >
                  <ExecutionItem execution={e} task={taskOf(e)} />
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
    </Modal>
  );
}
