import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ENROLLMENT_MESSAGES,
  type Enrollment,
  type EnrollmentGoal,
  type EnrollmentGoalCreateInput,
  type EnrollmentGoalList,
  enrollmentLabel,
  GOAL_CATEGORIES,
  GOAL_CATEGORY_LABELS,
  GOAL_DEFAULTS,
  GOAL_STATUS_LABELS,
  GOAL_STATUSES,
} from '@trust/domain';
import { useState } from 'react';
import { useCreateGoal, useDeleteGoal, useUpdateGoalStatus } from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';

const STATUS_COLORS: Record<string, string> = {
  active: 'blue',
  on_hold: 'orange',
  completed: 'green',
  cancelled: 'gray',
};

/** 002 §9: a new goal is in the health category and active. */
const blank = () => ({
  goal_text: '',
  goal_category: GOAL_DEFAULTS.goal_category as string,
  target_date: '',
  status: GOAL_DEFAULTS.status as string,
});

/** Goals (002 §2 Enrollment Details; §5 goal text required): the add form and the list with Complete and Delete. */
export function GoalsPanel({
  enrollment,
  list,
}: {
  enrollment: Enrollment;
  list: UseQueryResult<EnrollmentGoalList>;
}) {
  const [form, setForm] = useState(blank);
  const [textError, setTextError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [deleting, setDeleting] = useState<EnrollmentGoal | null>(null);
  const create = useCreateGoal(enrollment.id);
  const setStatus = useUpdateGoalStatus(enrollment.id);
  const remove = useDeleteGoal(enrollment.id);
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};

  const submit = () => {
    setError(null);
    if (!form.goal_text.trim()) {
      setTextError(ENROLLMENT_MESSAGES.goalTextRequired);
      return;
    }
    setTextError(null);
    const body: Omit<EnrollmentGoalCreateInput, 'enrollment_id'> = {
      goal_text: form.goal_text,
      goal_category: form.goal_category as EnrollmentGoalCreateInput['goal_category'],
      target_date: form.target_date || null,
      status: form.status as EnrollmentGoalCreateInput['status'],
    };
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.goalCreated });
        setForm(blank());
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.goal_text) setTextError(e.fields.goal_text);
        else setError(e);
      },
    });
  };

  const complete = (goal: EnrollmentGoal) =>
    setStatus.mutate(
      { id: goal.id, status: 'completed' },
      {
        onError: (e) =>
          notifications.show({ color: 'red', message: errorText(e, ENROLLMENT_MESSAGES.updateGoalFailed) }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onError: (e) =>
        notifications.show({ color: 'red', message: errorText(e, ENROLLMENT_MESSAGES.deleteGoalFailed) }),
    });
  };

  const goals = list.data?.goals ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <Card withBorder>
          <Stack gap="sm">
            <Textarea
              label="Goal"
              required
              rows={2}
              value={form.goal_text}
              onChange={(e) => setForm({ ...form, goal_text: e.currentTarget.value })}
              error={textError}
            />
            <Group grow align="flex-start">
              <NativeSelect
                label="Category"
                value={form.goal_category}
                onChange={(e) => setForm({ ...form, goal_category: e.currentTarget.value })}
                data={GOAL_CATEGORIES.map((c) => ({ value: c, label: GOAL_CATEGORY_LABELS[c] }))}
              />
              <TextInput
                label="Target date"
                type="date"
                value={form.target_date}
                onChange={(e) => setForm({ ...form, target_date: e.currentTarget.value })}
                error={fields.target_date}
              />
              <NativeSelect
                label="Status"
                value={form.status}
                onChange={(e) => setForm({ ...form, status: e.currentTarget.value })}
                data={GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] }))}
              />
            </Group>
            {error !== null && (
              <Alert color="red" role="alert">
                {errorText(error, ENROLLMENT_MESSAGES.createGoalFailed)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={create.isPending}>
                Add Goal
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {list.error && (
        <Alert color="red" role="alert">
          {errorText(list.error, ENROLLMENT_MESSAGES.fetchGoalsFailed)}
        </Alert>
      )}
      {list.data && goals.length === 0 && <Text c="dimmed">No goals set yet.</Text>}
      {goals.map((goal) => (
        <Card key={goal.id} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Group gap="xs">
                <Badge variant="light" color={STATUS_COLORS[goal.status] ?? 'gray'}>
                  {GOAL_STATUS_LABELS[goal.status]}
                </Badge>
                <Badge variant="outline">{enrollmentLabel(GOAL_CATEGORY_LABELS, goal.goal_category)}</Badge>
                <Text size="xs" c="dimmed">
                  Target {formatCalendarDate(goal.target_date)} · {goal.created_by_name ?? 'Unknown User'}
                </Text>
              </Group>
              <Text size="sm">{goal.goal_text}</Text>
            </Stack>
            {goal.can_edit && (
              <Group gap={4} wrap="nowrap">
                {goal.status !== 'completed' && (
                  <Tooltip label="Mark completed">
                    <ActionIcon
                      variant="subtle"
                      color="green"
                      aria-label={`Complete goal: ${goal.goal_text}`}
                      onClick={() => complete(goal)}
                    >
                      <IconCheck size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete goal: ${goal.goal_text}`}
                    onClick={() => setDeleting(goal)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
        </Card>
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete goal"
        message="Delete this goal? This cannot be undone."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
