import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { WorkflowTask } from '@trust/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { useAppEvents } from '../../api/events/use-app-events.ts';
import { useWorkflowTasks } from '../../api/workflows/workflow-tasks.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { type Decision, TaskDecisionModal } from './task-decision-modal.tsx';

/** Shown on the dashboard; the rest are counted. */
const SHOWN = 10;

function TaskItem({ task, onDecide }: { task: WorkflowTask; onDecide: (d: Decision) => void }) {
  const overdue = task.due_at !== null && new Date(task.due_at).getTime() < Date.now();
  const about = `${task.title} for ${task.member_name}`;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Group gap={6}>
          <Text fw={500} size="sm">
            {task.title}
          </Text>
          {task.kind === 'approval' && (
            <Badge size="xs" variant="light" color="grape">
              Approval
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          <Anchor
            component={Link}
            to={tabPath('enrollments-view', task.enrollment_id)}
            size="xs"
            underline="always"
          >
            {task.member_name}
          </Anchor>{' '}
          · {task.workflow_name}
          {task.due_at && (
            <Text span size="xs" c={overdue ? 'red' : 'dimmed'}>
              {' '}
              · {overdue ? 'overdue since' : 'due'} {formatDateTime(task.due_at)}
            </Text>
          )}
        </Text>
      </div>
      {task.kind === 'approval' ? (
        <Group gap={4}>
          <Button size="compact-sm" aria-label={`Approve ${about}`} onClick={() => onDecide('approved')}>
            Approve
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={`Reject ${about}`}
            onClick={() => onDecide('rejected')}
          >
            Reject
          </Button>
        </Group>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Mark done ${about}`}
          onClick={() => onDecide('done')}
        >
          Mark done
        </Button>
      )}
    </Group>
  );
}

/**
 * "My workflow tasks" (issue #17 item 2: a task is on its assignee's dashboard): the open tasks and approvals of
 * workflows for the signed-in person or their role, newest first, read again as workflows move.
 */
export function MyTasksCard() {
  const list = useWorkflowTasks({ state: 'open', pageSize: SHOWN });
  useAppEvents(['workflow.instance_changed'], () => void list.refetch({ cancelRefetch: false }));
  const [deciding, setDeciding] = useState<{ task: WorkflowTask; decision: Decision } | null>(null);
  const titleId = useId();
  const tasks = list.data?.tasks ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id={titleId}>
          My workflow tasks
        </Title>
        {list.data && (
          <Text size="sm" c="dimmed">
            {total} open
          </Text>
        )}
      </Group>
      {list.error ? (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void list.refetch()}
          compact
          message={errorText(list.error, 'Failed to fetch tasks')}
        />
      ) : list.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No workflow task is waiting for you.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tasks.map((t) => (
            <TaskItem key={t.id} task={t} onDecide={(decision) => setDeciding({ task: t, decision })} />
          ))}
          {total > tasks.length && (
            <Text size="xs" c="dimmed">
              And {total - tasks.length} more.
            </Text>
          )}
        </Stack>
      )}
      <TaskDecisionModal
        task={deciding?.task ?? null}
        decision={deciding?.decision ?? 'done'}
        onClose={() => setDeciding(null)}
      />
    </Card>
  );
}
