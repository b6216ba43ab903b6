import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FORM_SERVER_MESSAGES, type FormInstance } from '@trust/domain';
import { memo, useMemo, useState } from 'react';
import { useOrganizationUsers } from '../../api/admin/organization-users.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useAssignFormInstance } from '../../api/forms/instances.ts';
import { formatCalendarDate } from '../../components/format-date.ts';

/**
 * Assignment (issue #16 item 5): who fills a draft and by when; the assignee sees it on their dashboard. The
 * choices are the organization's users who may fill forms (viewers read only; the server refuses them anyway).
 */
function AssignmentForm({
  instance,
  cboId,
  onAssigned,
  onDone,
}: {
  instance: FormInstance;
  cboId: number;
  onAssigned: (instance: FormInstance) => void;
  onDone: () => void;
}) {
  const [assignee, setAssignee] = useState<string | null>(
    instance.assigned_to_user_id === null ? null : String(instance.assigned_to_user_id),
  );
  const [dueDate, setDueDate] = useState(instance.due_date ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const users = useOrganizationUsers(cboId, { page: 1, pageSize: 200 });
  const assign = useAssignFormInstance(instance.id);

  const options = useMemo(() => {
    const list = (users.data?.users ?? [])
      .filter((u) => u.user_org_role !== 'viewer')
      .map((u) => ({ value: String(u.id), label: u.name }));
    // The current assignee stays choosable even beyond the first page of users.
    if (
      instance.assigned_to_user_id !== null &&
      !list.some((o) => o.value === String(instance.assigned_to_user_id))
    ) {
      list.unshift({
        value: String(instance.assigned_to_user_id),
        label: instance.assigned_to_name ?? `User ${instance.assigned_to_user_id}`,
      });
    }
    return list;
  }, [users.data, instance.assigned_to_user_id, instance.assigned_to_name]);

  const unchanged =
    (assignee ?? null) ===
      (instance.assigned_to_user_id === null ? null : String(instance.assigned_to_user_id)) &&
    dueDate === (instance.due_date ?? '');

  const submit = () => {
    setFailure(null);
    setFieldErrors({});
    assign.mutate(
      { assigned_to_user_id: assignee ? Number(assignee) : null, due_date: dueDate || null },
      {
        onSuccess: (saved) => {
          onAssigned(saved);
          onDone();
          notifications.show({ color: 'green', message: FORM_SERVER_MESSAGES.assigned });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setFieldErrors(e.fields);
          setFailure(errorText(e, 'Failed to save the assignment'));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Assigned to"
          placeholder={users.isPending ? 'Loading users…' : 'Nobody'}
          searchable
          clearable
          nothingFoundMessage="No user found"
          data={options}
          value={assignee}
          onChange={setAssignee}
          error={fieldErrors.assigned_to_user_id}
          style={{ flex: '1 1 220px' }}
        />
        <TextInput
          label="Due date"
          type="date"
          value={dueDate}
          onChange={(e) => setDueDate(e.currentTarget.value)}
          error={fieldErrors.due_date}
          style={{ flex: '0 1 180px' }}
        />
        <Button variant="light" onClick={submit} loading={assign.isPending} disabled={unchanged}>
          Save assignment
        </Button>
        <Button variant="subtle" color="gray" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Assignment (issue #16 item 5): who fills a draft and by when; the assignee sees it on their dashboard. Shown
 * as it stands, with "Change assignment" opening the choices (the organization's users are read only then).
 */
export const AssignmentPanel = memo(function AssignmentPanel({
  instance,
  cboId,
  onAssigned,
}: {
  instance: FormInstance;
  cboId: number;
  onAssigned: (instance: FormInstance) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            Assignment
          </Title>
          {!editing && (
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              Change assignment
            </Button>
          )}
        </Group>
        {editing ? (
          <AssignmentForm
            instance={instance}
            cboId={cboId}
            onAssigned={onAssigned}
            onDone={() => setEditing(false)}
          />
        ) : (
          <Text size="sm">
            {instance.assigned_to_name ? `Assigned to ${instance.assigned_to_name}` : 'Not assigned'}
            {' · '}
            {instance.due_date ? `due ${formatCalendarDate(instance.due_date)}` : 'no due date'}
          </Text>
        )}
      </Stack>
    </Card>
  );
});
