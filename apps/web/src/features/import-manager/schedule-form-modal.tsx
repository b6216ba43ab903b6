import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  IMPORT_DATA_SOURCE_INFO,
  IMPORT_DATA_SOURCES,
  IMPORT_DEFAULTS,
  IMPORT_FREQUENCY_CRONS,
  IMPORT_LIMIT_PER_RUN,
  IMPORT_MESSAGES,
  IMPORT_SCHEDULE_DEFAULTS,
  IMPORT_SCHEDULE_FREQUENCIES,
  IMPORT_SCHEDULE_MESSAGES,
  IMPORT_SCHEDULE_STATES,
  IMPORT_TAXONOMIES,
  type ImportDataSource,
  type ImportScheduleFrequency,
  type ImportState,
  type ImportTaxonomy,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useCreateSchedule } from '../../api/imports/schedules.ts';
import { CronPreview } from '../../components/cron-preview.tsx';
import { limitWithin } from './import-format.ts';

const FREQUENCY_LABELS: Record<ImportScheduleFrequency, string> = {
  daily: 'Daily (02:00 UTC)',
  weekly: 'Weekly (Mondays 02:00 UTC)',
  monthly: 'Monthly (the 1st, 02:00 UTC)',
  custom: 'Custom (cron)',
};

/**
 * 002 §2 Schedules "create form" with the 002 §5 defaults (source cms_nppes, weekly, CA, 5,000 per run,
 * enabled) and limits (100–50,000 per run); a custom frequency takes a cron whose next runs are shown.
 */
export function ScheduleFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [source, setSource] = useState<ImportDataSource>(IMPORT_SCHEDULE_DEFAULTS.data_source);
  const [frequency, setFrequency] = useState<ImportScheduleFrequency>(IMPORT_SCHEDULE_DEFAULTS.frequency);
  const [cron, setCron] = useState('');
  const [states, setStates] = useState<ImportState[]>(IMPORT_SCHEDULE_DEFAULTS.states);
  const [limit, setLimit] = useState<number | string>(IMPORT_SCHEDULE_DEFAULTS.limit_per_run);
  const [taxonomy, setTaxonomy] = useState<ImportTaxonomy>(IMPORT_DEFAULTS.taxonomy);
  const [enabled, setEnabled] = useState(IMPORT_SCHEDULE_DEFAULTS.enabled);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const create = useCreateSchedule();

  const checkedLimit = limitWithin(limit, IMPORT_LIMIT_PER_RUN);
  const limitOk = checkedLimit !== null;
  const limitValue = checkedLimit ?? 0;
  const errors = {
    name: name.trim() ? null : IMPORT_SCHEDULE_MESSAGES.nameRequired,
    states: states.length ? null : IMPORT_MESSAGES.selectState,
    limit: limitOk ? null : IMPORT_SCHEDULE_MESSAGES.limitRange,
    cron: frequency === 'custom' && !cron.trim() ? IMPORT_SCHEDULE_MESSAGES.cronRequired : null,
  };
  const valid = Object.values(errors).every((e) => e === null);

  const reset = () => {
    setName('');
    setSource(IMPORT_SCHEDULE_DEFAULTS.data_source);
    setFrequency(IMPORT_SCHEDULE_DEFAULTS.frequency);
    setCron('');
    setStates(IMPORT_SCHEDULE_DEFAULTS.states);
    setLimit(IMPORT_SCHEDULE_DEFAULTS.limit_per_run);
    setTaxonomy(IMPORT_DEFAULTS.taxonomy);
    setEnabled(IMPORT_SCHEDULE_DEFAULTS.enabled);
    setFailure(null);
    setTried(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    setFailure(null);
    create.mutate(
      {
        name: name.trim(),
        data_source: source,
        frequency,
        cron_expression: frequency === 'custom' ? cron.trim() : null,
        states,
        limit_per_run: limitValue,
        taxonomy,
        enabled,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: IMPORT_SCHEDULE_MESSAGES.created,
          });
          reset();
          onClose();
        },
        onError: (error) =>
          setFailure(IMPORT_SCHEDULE_MESSAGES.createFailed(errorText(error, 'the server did not answer.'))),
      },
    );
  };

  const show = (message: string | null) => (tried ? (message ?? undefined) : undefined);

  return (
    <Modal opened={opened} onClose={onClose} title="New schedule" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={show(errors.name)}
            maxLength={120}
            data-autofocus
          />
          <Group grow align="flex-start" wrap="wrap">
            {/* An HSDS import needs its directory's address, which a schedule cannot hold yet (issue #21). */}
            <NativeSelect
              label="Data source"
              data={IMPORT_DATA_SOURCES.filter((s) => s !== 'hsds').map((s) => ({
                value: s,
                label: IMPORT_DATA_SOURCE_INFO[s].label,
              }))}
              value={source}
              onChange={(e) => setSource(e.currentTarget.value as ImportDataSource)}
            />
            <NativeSelect
              label="Frequency"
              data={IMPORT_SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              value={frequency}
              onChange={(e) => setFrequency(e.currentTarget.value as ImportScheduleFrequency)}
            />
          </Group>
          {frequency === 'custom' && (
            <>
              <TextInput
                label="Cron expression (UTC)"
                description="Five fields: minute hour day-of-month month weekday, e.g. 30 3 * * 2"
                required
                value={cron}
                onChange={(e) => setCron(e.currentTarget.value)}
                error={show(errors.cron)}
                placeholder={IMPORT_FREQUENCY_CRONS.weekly}
              />
              <CronPreview expression={cron} />
            </>
          )}
          <MultiSelect
            label="States"
            data={IMPORT_SCHEDULE_STATES as unknown as string[]}
            value={states}
            onChange={(v) => setStates(v as ImportState[])}
            searchable
            hidePickedOptions
            error={show(errors.states)}
          />
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label="Providers per run"
              min={IMPORT_LIMIT_PER_RUN.min}
              max={IMPORT_LIMIT_PER_RUN.max}
              step={IMPORT_LIMIT_PER_RUN.step}
              value={limit}
              onChange={setLimit}
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              error={show(errors.limit)}
            />
            <NativeSelect
              label="Taxonomy"
              data={IMPORT_TAXONOMIES as unknown as string[]}
              value={taxonomy}
              onChange={(e) => setTaxonomy(e.currentTarget.value as ImportTaxonomy)}
              disabled={source === 'hrsa'}
            />
          </Group>
          <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
