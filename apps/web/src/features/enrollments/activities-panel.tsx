import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTrash } from '@tabler/icons-react';
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
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';

const STATUS_COLORS: Record<string, string> = {
  scheduled: 'blue',
  completed: 'green',
  cancelled: 'gray',
  no_show: 'orange',
};

/** 002 §9: a new activity is outreach, today, scheduled. */
const blank = () => ({
  activity_type: ACTIVITY_DEFAULTS.activity_type as string,
  activity_date: todayIsoDate(),
  status: ACTIVITY_DEFAULTS.status as string,
  notes: '',
  /** The billing activity it is billed as ('' for none): one of the enrollment's program (issue #15 item 7). */
  billing_activity_id: '',
  units: 1 as number | string,
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
  const [deleting, setDeleting] = useState<EnrollmentActivity | null>(null);
  const create = useCreateActivity(enrollment.id);
  const update = useUpdateActivity(enrollment.id);
  const remove = useDeleteActivity(enrollment.id);
  // The program's billing activities, for those who record activities (the server checks the choice again).
  const billing = useBillingActivities(enrollment.can_edit ? enrollment.program_id : null);
  const billingActivities = billing.data ?? [];
  const chosenBilling = billingActivities.find((b) => String(b.id) === form.billing_activity_id);
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};

  const chooseBilling = (value: string) => {
    const chosen = billingActivities.find((b) => String(b.id) === value);
    // A billing activity bills one activity type: the form follows it (it can still be changed).
    const type = chosen?.activity_type;
    setForm({
      ...form,
      billing_activity_id: value,
      activity_type: type && (ACTIVITY_TYPES as readonly string[]).includes(type) ? type : form.activity_type,
    });
  };

  const submit = () => {
    setError(null);
    const body: Omit<ActivityCreateInput, 'enrollment_id'> = {
      activity_type: form.activity_type as ActivityCreateInput['activity_type'],
      activity_date: form.activity_date || undefined,
      status: form.status as ActivityCreateInput['status'],
      notes: form.notes.trim() || null,
      ...(form.billing_activity_id ? { billing_activity_id: Number(form.billing_activity_id) } : {}),
      units: Number(form.units) || 1,
    };
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
      {
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: errorText(e, ENROLLMENT_MESSAGES.updateActivityFailed),
          }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onError: (e) =>
        notifications.show({ color: 'red', message: errorText(e, ENROLLMENT_MESSAGES.deleteActivityFailed) }),
    });
  };

  const rows = list.data?.activities ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>Add Activity</Text>
            <Group grow align="flex-start">
              <NativeSelect
                label="Activity type"
                value={form.activity_type}
                onChange={(e) => setForm({ ...form, activity_type: e.currentTarget.value })}
                data={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABELS[t] }))}
                error={fields.activity_type}
              />
              <TextInput
                label="Activity date"
                type="date"
                value={form.activity_date}
                onChange={(e) => setForm({ ...form, activity_date: e.currentTarget.value })}
                error={fields.activity_date}
              />
              <NativeSelect
                label="Status"
                value={form.status}
                onChange={(e) => setForm({ ...form, status: e.currentTarget.value })}
                data={ACTIVITY_STATUSES.map((s) => ({ value: s, label: ACTIVITY_STATUS_LABELS[s] }))}
                error={fields.status}
              />
              <NumberInput
                label="Units"
                min={1}
                max={1000}
                allowDecimal={false}
                value={form.units}
                onChange={(value) => setForm({ ...form, units: value })}
                description={unitsHint(chosenBilling)}
                error={fields.units}
              />
            </Group>
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
              error={fields.billing_activity_id}
            />
            <Textarea
              label="Notes"
              rows={2}
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
              error={fields.notes}
            />
            {error !== null && (
              <Alert color="red" role="alert">
                {errorText(error, ENROLLMENT_MESSAGES.createActivityFailed)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={create.isPending}>
                Add Activity
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {list.error && (
        <Alert color="red" role="alert">
          {errorText(list.error, ENROLLMENT_MESSAGES.fetchActivitiesFailed)}
        </Alert>
      )}
      {list.data && rows.length === 0 && <Text c="dimmed">No activities recorded yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Activities" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Notes</Table.Th>
                <Table.Th>Performed By</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => {
                const label = `${enrollmentLabel(ACTIVITY_TYPE_LABELS, a.activity_type)} on ${formatCalendarDate(a.activity_date)}`;
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCalendarDate(a.activity_date)}
                    </Table.Td>
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
                        <Group gap={4} wrap="nowrap">
                          {a.status === 'scheduled' && (
                            <Tooltip label="Mark completed">
                              <ActionIcon
                                variant="subtle"
                                color="green"
                                aria-label={`Complete ${label}`}
                                onClick={() => complete(a)}
                                loading={update.isPending && update.variables?.id === a.id}
                              >
                                <IconCheck size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${label}`}
                              onClick={() => setDeleting(a)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete activity"
        message="Delete this activity? This cannot be undone."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
