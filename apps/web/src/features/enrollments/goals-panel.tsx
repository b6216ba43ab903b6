import { Badge, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
import { formatCalendarDate } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { notifyFailure } from './notify-failure.ts';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordCard, RecordListStatus } from './record-list.tsx';
import { CompleteRowAction, DeleteRowAction, RowActions } from './row-actions.tsx';

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
  const create = useCreateGoal(enrollment.id);
  const setStatus = useUpdateGoalStatus(enrollment.id);
  const deletion = useDeleteRecord(useDeleteGoal(enrollment.id), ENROLLMENT_MESSAGES.deleteGoalFailed);
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
      { onError: (e) => notifyFailure(e, ENROLLMENT_MESSAGES.updateGoalFailed) },
    );

  const goals = list.data?.goals ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <AddRecordCard
          error={error === null ? null : errorText(error, ENROLLMENT_MESSAGES.createGoalFailed)}
          submitLabel="Add Goal"
          submitting={create.isPending}
          onSubmit={submit}
        >
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
        </AddRecordCard>
      )}
      <RecordListStatus
        list={list}
        count={goals.length}
        failedMessage={ENROLLMENT_MESSAGES.fetchGoalsFailed}
        emptyText="No goals set yet."
      />
      {goals.map((goal) => (
        <RecordCard
          key={goal.id}
          actions={
            goal.can_edit && (
              <RowActions>
                {goal.status !== 'completed' && (
                  <CompleteRowAction
                    ariaLabel={`Complete goal: ${goal.goal_text}`}
                    onClick={() => complete(goal)}
                  />
                )}
                <DeleteRowAction
                  ariaLabel={`Delete goal: ${goal.goal_text}`}
                  onClick={() => deletion.ask(goal)}
                />
              </RowActions>
            )
          }
        >
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
        </RecordCard>
      ))}
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete goal"
        message="Delete this goal? This cannot be undone."
      />
    </Stack>
  );
}
