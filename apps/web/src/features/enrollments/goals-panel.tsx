import { Badge, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
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
import { useCreateGoal, useDeleteGoal, useUpdateGoal } from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { formatCalendarDate } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { useEditRecord } from './edit-record.ts';
import { EditRecordModal } from './edit-record-modal.tsx';
import { notifyFailure } from './notify-failure.ts';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordCard, RecordListStatus } from './record-list.tsx';
import { CompleteRowAction, DeleteRowAction, EditRowAction, RowActions } from './row-actions.tsx';

const STATUS_COLORS: Record<string, string> = {
  active: 'blue',
  on_hold: 'orange',
  completed: 'green',
  cancelled: 'gray',
};

type GoalForm = { goal_text: string; goal_category: string; target_date: string; status: string };

/** 002 §9: a new goal is in the health category and active. */
const blank = (): GoalForm => ({
  goal_text: '',
  goal_category: GOAL_DEFAULTS.goal_category as string,
  target_date: '',
  status: GOAL_DEFAULTS.status as string,
});

/** The goal's fields, the same when adding and when editing one. */
function GoalFields({
  form,
  onChange,
  textError,
  fieldErrors,
}: {
  form: GoalForm;
  onChange: (form: GoalForm) => void;
  textError: string | null;
  fieldErrors: Record<string, string>;
}) {
  return (
    <>
      <Textarea
        label="Goal"
        required
        rows={2}
        value={form.goal_text}
        onChange={(e) => onChange({ ...form, goal_text: e.currentTarget.value })}
        error={textError}
      />
      {/* One field a row on a phone: three side by side cut the date off at 390 px. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label="Category"
          value={form.goal_category}
          onChange={(e) => onChange({ ...form, goal_category: e.currentTarget.value })}
          data={GOAL_CATEGORIES.map((c) => ({ value: c, label: GOAL_CATEGORY_LABELS[c] }))}
        />
        <TextInput
          label="Target date"
          type="date"
          value={form.target_date}
          onChange={(e) => onChange({ ...form, target_date: e.currentTarget.value })}
          error={fieldErrors.target_date}
        />
        <NativeSelect
          label="Status"
          value={form.status}
          onChange={(e) => onChange({ ...form, status: e.currentTarget.value })}
          data={GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] }))}
        />
      </SimpleGrid>
    </>
  );
}

/** The body of a goal's POST or PUT, with the client's check of 002 §5 (goal text required). */
function goalBody(form: GoalForm): Omit<EnrollmentGoalCreateInput, 'enrollment_id'> | { error: string } {
  if (!form.goal_text.trim()) return { error: ENROLLMENT_MESSAGES.goalTextRequired };
  return {
    goal_text: form.goal_text,
    goal_category: form.goal_category as EnrollmentGoalCreateInput['goal_category'],
    target_date: form.target_date || null,
    status: form.status as EnrollmentGoalCreateInput['status'],
  };
}

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
  const update = useUpdateGoal(enrollment.id);
  const editor = useEditRecord({
    update,
    body: goalBody,
    textField: 'goal_text',
    updatedMessage: ENROLLMENT_MESSAGES.goalUpdated,
    failedMessage: ENROLLMENT_MESSAGES.updateGoalFailed,
  });
  const deletion = useDeleteRecord(useDeleteGoal(enrollment.id), ENROLLMENT_MESSAGES.deleteGoalFailed);
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};

  const submit = () => {
    setError(null);
    const body = goalBody(form);
    if ('error' in body) {
      setTextError(body.error);
      return;
    }
    setTextError(null);
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
    update.mutate(
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
          <GoalFields form={form} onChange={setForm} textError={textError} fieldErrors={fields} />
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
                <EditRowAction
                  ariaLabel={`Edit goal: ${goal.goal_text}`}
                  onClick={() =>
                    editor.open(goal.id, {
                      goal_text: goal.goal_text,
                      goal_category: goal.goal_category,
                      target_date: goal.target_date ?? '',
                      status: goal.status,
                    })
                  }
                />
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
      <EditRecordModal title="Edit goal" {...editor.dialog}>
        {editor.editing && (
          <GoalFields
            form={editor.editing.form}
            onChange={editor.change}
            textError={editor.textError}
            fieldErrors={editor.fieldErrors}
          />
        )}
      </EditRecordModal>
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete goal"
        message="Delete this goal? This cannot be undone."
      />
    </Stack>
  );
}
