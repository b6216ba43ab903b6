import { Alert, Button, Group, Modal, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
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
import { type FormEvent, useState } from 'react';
import { useAddDependency } from '../../api/imports/schedules.ts';
import { TYPE_LABELS } from './dependency-type-badge.tsx';
import { failureDetail } from './import-format.ts';

// The Dependencies tab's form: make the selected schedule wait for another, by success, completion or
// a condition; the choices the server would refuse (already there, a cycle) are shown disabled.

export function AddDependencyModal({
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
