import {
  Badge,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ACTIVITY_DEFAULTS,
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  type ActivityCreateInput,
  BILLING_ACTIVITY_MESSAGES,
  BILLING_UNIT_OPTIONS,
  type BillingActivity,
  dollarsToCents,
  ENROLLMENT_MESSAGES,
  type Enrollment,
  type EnrollmentActivity,
  type EnrollmentActivityList,
  enrollmentLabel,
  formatCents,
  optionLabel,
  todayIsoDate,
} from '@trust/domain';
import { useState } from 'react';
import { useCreateActivity, useDeleteActivity, useUpdateActivity } from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useBillingActivities } from '../../api/programs/get-billing-activities.ts';
import { formatCalendarDate } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { useEditRecord } from './edit-record.ts';
import { EditRecordModal } from './edit-record-modal.tsx';
import { notifyFailure } from './notify-failure.ts';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordListStatus, RecordTable } from './record-list.tsx';
import { CompleteRowAction, DeleteRowAction, EditRowAction, RowActions } from './row-actions.tsx';

const STATUS_COLORS: Record<string, string> = {
  scheduled: 'blue',
  completed: 'green',
  cancelled: 'gray',
  no_show: 'orange',
};

type ActivityForm = {
  activity_type: string;
  activity_date: string;
  status: string;
  notes: string;
  /** The billing activity it is billed as ('' for none): one of the enrollment's program (issue #15 item 7). */
  billing_activity_id: string;
  units: number | string;
};

/** 002 §9: a new activity is outreach, today, scheduled. */
const blank = (): ActivityForm => ({
  activity_type: ACTIVITY_DEFAULTS.activity_type as string,
  activity_date: todayIsoDate(),
  status: ACTIVITY_DEFAULTS.status as string,
  notes: '',
  billing_activity_id: '',
  units: 1,
});

/** "Care coordination (ECM-CC) — $25.00 per 15 minutes": what the billing choice shows. */
function billingLabel(b: BillingActivity): string {
  const code = b.activity_code ? ` (${b.activity_code})` : '';
  const unit = optionLabel(BILLING_UNIT_OPTIONS, b.billing_unit).toLowerCase();
  const per = unit.startsWith('per ') ? unit : `per ${unit}`;
  return `${b.activity_name}${code} — ${formatCents(dollarsToCents(b.rate_per_unit))} ${per}${b.is_active ? '' : ' (inactive)'}`;
}

/** What a unit is and the limits, under the Units input once a billing activity is chosen. */
function unitsHint(b: BillingActivity | undefined): string | undefined {
  if (!b) return undefined;
  const limits = [
    b.max_units_per_day === null ? null : `${b.max_units_per_day} a day`,
    b.max_units_per_month === null ? null : `${b.max_units_per_month} a month`,
  ].filter(Boolean);
  const unit = optionLabel(BILLING_UNIT_OPTIONS, b.billing_unit).toLowerCase();
  const one = unit.startsWith('per ') ? `one ${unit.slice(4)}` : unit;
  return `1 unit = ${one}${limits.length ? `; billable at most ${limits.join(', ')}` : ''}`;
}

/** The activity's fields, the same when adding and when editing one. */
function ActivityFields({
  form,
  onChange,
  fieldErrors,
  billing,
}: {
  form: ActivityForm;
  onChange: (form: ActivityForm) => void;
  fieldErrors: Record<string, string>;
  billing: { activities: BillingActivity[]; error: unknown };
}) {
  const billingActivities = billing.activities;
  const chosenBilling = billingActivities.find((b) => String(b.id) === form.billing_activity_id);
  const chooseBilling = (value: string) => {
    const chosen = billingActivities.find((b) => String(b.id) === value);
    // A billing activity bills one activity type: the form follows it (it can still be changed).
    const type = chosen?.activity_type;
    onChange({
      ...form,
      billing_activity_id: value,
      activity_type: type && (ACTIVITY_TYPES as readonly string[]).includes(type) ? type : form.activity_type,
    });
  };
  return (
    <>
      {/* One field a row on a phone, four side by side from a tablet up. */}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NativeSelect
          label="Activity type"
          value={form.activity_type}
          onChange={(e) => onChange({ ...form, activity_type: e.currentTarget.value })}
          data={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABELS[t] }))}
          error={fieldErrors.activity_type}
        />
        <TextInput
          label="Activity date"
          type="date"
          value={form.activity_date}
          onChange={(e) => onChange({ ...form, activity_date: e.currentTarget.value })}
          error={fieldErrors.activity_date}
        />
        <NativeSelect
          label="Status"
          value={form.status}
          onChange={(e) => onChange({ ...form, status: e.currentTarget.value })}
          data={ACTIVITY_STATUSES.map((s) => ({ value: s, label: ACTIVITY_STATUS_LABELS[s] }))}
          error={fieldErrors.status}
        />
        <NumberInput
          label="Units"
          min={1}
          max={1000}
          allowDecimal={false}
          value={form.units}
          onChange={(value) => onChange({ ...form, units: value })}
          description={unitsHint(chosenBilling)}
          error={fieldErrors.units}
        />
      </SimpleGrid>
      <NativeSelect
        label="Billing activity"
        value={form.billing_activity_id}
        onChange={(e) => chooseBilling(e.currentTarget.value)}
        data={[
          { value: '', label: 'Not billed' },
          // Inactive ones are not offered: the billing report would refuse them.
          ...billingActivities
            .filter((b) => b.is_active || String(b.id) === form.billing_activity_id)
            .map((b) => ({ value: String(b.id), label: billingLabel(b) })),
        ]}
        description={
          billing.error
            ? errorText(billing.error, BILLING_ACTIVITY_MESSAGES.fetchFailed)
            : 'A completed activity billed as one of the program’s billing activities appears on its billable activities report.'
        }
        error={fieldErrors.billing_activity_id}
      />
      <Textarea
        label="Notes"
        rows={2}
        value={form.notes}
        onChange={(e) => onChange({ ...form, notes: e.currentTarget.value })}
        error={fieldErrors.notes}
      />
    </>
  );
}

/** An activity on file as the form that edits it. */
function activityForm(a: EnrollmentActivity): ActivityForm {
  return {
    activity_type: a.activity_type,
    activity_date: a.activity_date,
    status: a.status,
    notes: a.notes ?? '',
    billing_activity_id: a.billing_activity_id === null ? '' : String(a.billing_activity_id),
    units: a.units,
  };
}

/** The body of an activity's POST or PUT ('' billing: not billed). */
function activityBody(form: ActivityForm) {
  return {
    activity_type: form.activity_type as ActivityCreateInput['activity_type'],
    activity_date: form.activity_date || undefined,
    status: form.status as ActivityCreateInput['status'],
    notes: form.notes.trim() || null,
    billing_activity_id: form.billing_activity_id ? Number(form.billing_activity_id) : null,
    units: Number(form.units) || 1,
  } satisfies Omit<ActivityCreateInput, 'enrollment_id'>;
}

/** Activities (002 §2 Enrollment Details): the add form, and the list with Complete and Delete. */
export function ActivitiesPanel({
  enrollment,
  list,
}: {
  enrollment: Enrollment;
  list: UseQueryResult<EnrollmentActivityList>;
}) {
  const [form, setForm] = useState(blank);
  const [error, setError] = useState<unknown>(null);
  const create = useCreateActivity(enrollment.id);
  const update = useUpdateActivity(enrollment.id);
  const editor = useEditRecord({
    update,
    body: activityBody,
    updatedMessage: ENROLLMENT_MESSAGES.activityUpdated,
    failedMessage: ENROLLMENT_MESSAGES.updateActivityFailed,
  });
  const deletion = useDeleteRecord(
    useDeleteActivity(enrollment.id),
    ENROLLMENT_MESSAGES.deleteActivityFailed,
  );
  // The program's billing activities, for those who record activities (the server checks the choice again).
  const billing = useBillingActivities(enrollment.can_edit ? enrollment.program_id : null);
  const billingActivities = billing.data ?? [];
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};

  const submit = () => {
    setError(null);
    const body = activityBody(form);
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.activityCreated });
        setForm(blank());
      },
      onError: setError,
    });
  };

  const complete = (activity: EnrollmentActivity) =>
    update.mutate(
      { id: activity.id, status: 'completed' },
      { onError: (e) => notifyFailure(e, ENROLLMENT_MESSAGES.updateActivityFailed) },
    );

  const rows = list.data?.activities ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <AddRecordCard
          error={error === null ? null : errorText(error, ENROLLMENT_MESSAGES.createActivityFailed)}
          submitLabel="Add Activity"
          submitting={create.isPending}
          onSubmit={submit}
        >
          <Text fw={600}>Add Activity</Text>
          <ActivityFields
            form={form}
            onChange={setForm}
            fieldErrors={fields}
            billing={{ activities: billingActivities, error: billing.error }}
          />
        </AddRecordCard>
      )}
      <RecordListStatus
        list={list}
        count={rows.length}
        failedMessage={ENROLLMENT_MESSAGES.fetchActivitiesFailed}
        emptyText="No activities recorded yet."
      />
      {rows.length > 0 && (
        <RecordTable
          label="Activities"
          minWidth={640}
          columns={['Date', 'Type', 'Status', 'Notes', 'Performed By', 'Actions']}
        >
          {rows.map((a) => {
            const label = `${enrollmentLabel(ACTIVITY_TYPE_LABELS, a.activity_type)} on ${formatCalendarDate(a.activity_date)}`;
            return (
              <Table.Tr key={a.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(a.activity_date)}</Table.Td>
                <Table.Td>{enrollmentLabel(ACTIVITY_TYPE_LABELS, a.activity_type)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[a.status] ?? 'gray'}>
                    {ACTIVITY_STATUS_LABELS[a.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {a.notes ?? '—'}
                  {a.billing_activity_name && (
                    <Text size="xs" c="dimmed">
                      Billed as {a.billing_activity_name} × {a.units}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.performed_by_name ?? '—'}</Table.Td>
                <Table.Td>
                  {a.can_edit && (
                    <RowActions>
                      {a.status === 'scheduled' && (
                        <CompleteRowAction
                          ariaLabel={`Complete ${label}`}
                          onClick={() => complete(a)}
                          loading={update.isPending && update.variables?.id === a.id}
                        />
                      )}
                      <EditRowAction
                        ariaLabel={`Edit ${label}`}
                        onClick={() => editor.open(a.id, activityForm(a))}
                      />
                      <DeleteRowAction ariaLabel={`Delete ${label}`} onClick={() => deletion.ask(a)} />
                    </RowActions>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </RecordTable>
      )}
      <EditRecordModal title="Edit activity" {...editor.dialog}>
        {editor.editing && (
          <ActivityFields
            form={editor.editing.form}
            onChange={editor.change}
            fieldErrors={editor.fieldErrors}
            billing={{ activities: billingActivities, error: billing.error }}
          />
        )}
      </EditRecordModal>
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete activity"
        message="Delete this activity? This cannot be undone."
      />
    </Stack>
  );
}
