import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  type Enrollment,
  type EnrollmentStatus,
  type EnrollmentUpdateInput,
  enrollmentLabel,
  PRIORITY_LEVEL_LABELS,
  PRIORITY_LEVELS,
} from '@trust/domain';
import { type ReactNode, useState } from 'react';
import { useDeleteEnrollment, useUpdateEnrollment } from '../../api/enrollments/enrollments.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EnrollmentStatusBadge } from '../../components/enrollments/enrollment-status-badge.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Overview (002 §2 Enrollment Details): status, dates, case manager, priority, eligibility and consent, notes.
 * The status changes only to what the server's state machine allows the caller (`next_statuses`); a full
 * program refuses an activation, which a manager may override.
 */
export function OverviewPanel({
  enrollment,
  canOverrideCapacity,
  onDeleted,
}: {
  enrollment: Enrollment;
  canOverrideCapacity: boolean;
  onDeleted: () => void;
}) {
  const [next, setNext] = useState<string>('');
  const [statusError, setStatusError] = useState<unknown>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateEnrollment(enrollment.id);
  const remove = useDeleteEnrollment();
  const full = statusError instanceof ApiError && statusError.reason === 'program.at_capacity';

  const changeStatus = (overrideCapacity = false) => {
    if (!next) return;
    setStatusError(null);
    update.mutate(
      { status: next as EnrollmentStatus, ...(overrideCapacity ? { override_capacity: true } : {}) },
      {
        onSuccess: (after) => {
          setNext('');
          notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.statusChanged(after.status) });
        },
        onError: setStatusError,
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(enrollment.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.deleted });
        onDeleted();
      },
      onError: (error) => {
        setDeleting(false);
        notifications.show({ color: 'red', message: errorText(error, ENROLLMENT_MESSAGES.deleteFailed) });
      },
    });

  return (
    <Stack gap="md">
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label="Status">
            <EnrollmentStatusBadge status={enrollment.status} />
          </Field>
          <Field label="Enrollment date">{formatCalendarDate(enrollment.enrollment_date)}</Field>
          <Field label="Start date">{formatCalendarDate(enrollment.start_date)}</Field>
          <Field label="End date">{formatCalendarDate(enrollment.end_date)}</Field>
          <Field label="Case manager">{enrollment.case_manager_name ?? '—'}</Field>
          <Field label="Priority level">
            {enrollmentLabel(PRIORITY_LEVEL_LABELS, enrollment.priority_level) || '—'}
          </Field>
          <Field label="Eligibility verified">{yesNo(enrollment.eligibility_verified)}</Field>
          <Field label="Consent obtained">{yesNo(enrollment.consent_obtained)}</Field>
        </SimpleGrid>
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Enrollment notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {enrollment.notes ?? '—'}
          </Text>
        </Stack>
      </Card>

      {enrollment.next_statuses.length > 0 && (
        <Card withBorder>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label="Change status"
              w={220}
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a status' },
                ...enrollment.next_statuses.map((s) => ({ value: s, label: ENROLLMENT_STATUS_LABELS[s] })),
              ]}
            />
            <Button onClick={() => changeStatus()} disabled={!next} loading={update.isPending}>
              Update Status
            </Button>
          </Group>
          {statusError !== null && (
            <Alert color={full ? 'yellow' : 'red'} role="alert" mt="sm">
              <Stack gap="xs">
                <Text size="sm">{errorText(statusError, ENROLLMENT_MESSAGES.updateFailed)}</Text>
                {full && canOverrideCapacity && (
                  <Group>
                    <Button
                      size="xs"
                      color="yellow"
                      onClick={() => changeStatus(true)}
                      loading={update.isPending}
                    >
                      Override capacity and activate
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
        </Card>
      )}

      {(enrollment.can_edit || enrollment.can_delete) && (
        <Group>
          {enrollment.can_edit && (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit Details
            </Button>
          )}
          {enrollment.can_delete && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete Enrollment
            </Button>
          )}
        </Group>
      )}
      {editing && <EditDetailsModal enrollment={enrollment} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={deleting}
        title="Delete enrollment"
        message={ENROLLMENT_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** The enrollment's own fields (the status has its own control, the member and program do not change). */
function EditDetailsModal({ enrollment, onClose }: { enrollment: Enrollment; onClose: () => void }) {
  const initial = () => ({
    enrollment_date: enrollment.enrollment_date,
    start_date: enrollment.start_date ?? '',
    end_date: enrollment.end_date ?? '',
    priority_level: enrollment.priority_level ?? '',
    eligibility_verified: enrollment.eligibility_verified,
    consent_obtained: enrollment.consent_obtained,
    notes: enrollment.notes ?? '',
  });
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const update = useUpdateEnrollment(enrollment.id);
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const set = <K extends keyof ReturnType<typeof initial>>(key: K, value: ReturnType<typeof initial>[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const save = () => {
    setError(null);
    const body: EnrollmentUpdateInput = {
      enrollment_date: form.enrollment_date,
      start_date: form.start_date || null,
      end_date: form.end_date || null,
      priority_level: (form.priority_level || null) as EnrollmentUpdateInput['priority_level'],
      eligibility_verified: form.eligibility_verified,
      consent_obtained: form.consent_obtained,
      notes: form.notes.trim() || null,
    };
    update.mutate(body, { onSuccess: onClose, onError: setError });
  };

  return (
    <Modal opened onClose={onClose} title="Edit enrollment" centered>
      <Stack gap="sm">
        <TextInput
          label="Enrollment date"
          type="date"
          value={form.enrollment_date}
          onChange={(e) => set('enrollment_date', e.currentTarget.value)}
          error={fields.enrollment_date}
        />
        <Group grow>
          <TextInput
            label="Start date"
            type="date"
            value={form.start_date}
            onChange={(e) => set('start_date', e.currentTarget.value)}
            error={fields.start_date}
          />
          <TextInput
            label="End date"
            type="date"
            value={form.end_date}
            onChange={(e) => set('end_date', e.currentTarget.value)}
            error={fields.end_date}
          />
        </Group>
        <NativeSelect
          label="Priority level"
          value={form.priority_level}
          onChange={(e) => set('priority_level', e.currentTarget.value)}
          data={[
            { value: '', label: 'None' },
            ...PRIORITY_LEVELS.map((p) => ({ value: p, label: PRIORITY_LEVEL_LABELS[p] })),
          ]}
        />
        <Checkbox
          label="Eligibility verified"
          checked={form.eligibility_verified}
          onChange={(e) => set('eligibility_verified', e.currentTarget.checked)}
        />
        <Checkbox
          label="Consent obtained"
          checked={form.consent_obtained}
          onChange={(e) => set('consent_obtained', e.currentTarget.checked)}
        />
        <Textarea
          label="Enrollment notes"
          rows={2}
          value={form.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        {error !== null && (
          <Alert color="red" role="alert">
            {errorText(error, ENROLLMENT_MESSAGES.updateFailed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
