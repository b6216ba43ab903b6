import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconPlayerPlay, IconStack2 } from '@tabler/icons-react';
import {
  HSDS_IMPORT_TEXTS,
  hsdsSourceUrlProblem,
  IMPORT_DATA_SOURCE_INFO,
  IMPORT_DATA_SOURCES,
  IMPORT_DEFAULTS,
  IMPORT_LIMIT_PER_STATE,
  IMPORT_MESSAGES,
  IMPORT_STATES,
  IMPORT_TAXONOMIES,
  IMPORT_TOP_STATES,
  type ImportDataSource,
  type ImportMethod,
  type ImportState,
  type ImportTaxonomy,
  importMethodLabel,
  methodsOf,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useStartBatchImport, useStartImport } from '../../api/imports/jobs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatCount, limitWithin } from './import-format.ts';

const SOURCE_OPTIONS = IMPORT_DATA_SOURCES.map((s) => ({
  value: s,
  label: `${IMPORT_DATA_SOURCE_INFO[s].label} (${IMPORT_DATA_SOURCE_INFO[s].size})`,
}));

/**
 * 002 §2 Manual Jobs "start-import form": one job over the chosen states, or (NPPES only) a batch of one job per
 * state after a confirmation. Start buttons stay disabled with no state chosen (002 §5); the server checks every
 * field again (limits, states, taxonomies, sources).
 */
export function StartImportForm() {
  const [source, setSource] = useState<ImportDataSource>(IMPORT_DEFAULTS.data_source);
  const [method, setMethod] = useState<ImportMethod>('api');
  const [states, setStates] = useState<ImportState[]>(IMPORT_DEFAULTS.states);
  const [limit, setLimit] = useState<number | string>(IMPORT_DEFAULTS.limit);
  const [taxonomy, setTaxonomy] = useState<ImportTaxonomy>(IMPORT_DEFAULTS.taxonomy);
  const [confirmingBatch, setConfirmingBatch] = useState(false);
  const [sourceUrl, setSourceUrl] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const start = useStartImport();
  const batch = useStartBatchImport();

  const methods = methodsOf(source);
  const chosenMethod = methods.includes(method) ? method : methods[0]!;
  const checkedLimit = limitWithin(limit, IMPORT_LIMIT_PER_STATE);
  const limitOk = checkedLimit !== null;
  const limitValue = checkedLimit ?? 0;
  // An HSDS directory (issue #21) is read from the address typed here; its states are an optional filter.
  const hsds = source === 'hsds';
  const urlProblem = hsds && sourceUrl.trim() ? hsdsSourceUrlProblem(sourceUrl.trim()) : null;
  const noStates = states.length === 0 && !hsds;
  const canStart = !noStates && limitOk && (!hsds || (sourceUrl.trim() !== '' && !urlProblem));
  // A batch is one NPPES API job per state (002 §7 POST /api/import/batch takes no source).
  const canBatch = canStart && source === 'cms_nppes' && chosenMethod === 'api';

  const onStart = () => {
    setFailure(null);
    start.mutate(
      hsds
        ? {
            data_source: source,
            method: chosenMethod,
            source_url: sourceUrl.trim(),
            limit: limitValue,
            ...(states.length ? { states } : {}),
          }
        : { data_source: source, method: chosenMethod, states, limit: limitValue, taxonomy },
      {
        onSuccess: (answer) =>
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: IMPORT_MESSAGES.started(answer.job_id),
          }),
        onError: (error) => setFailure(`${IMPORT_MESSAGES.startFailed}: ${errorText(error, 'try again.')}`),
      },
    );
  };

  const onBatch = () => {
    setFailure(null);
    batch.mutate(
      { states, limit_per_state: limitValue, taxonomy },
      {
        onSuccess: (answer) => {
          setConfirmingBatch(false);
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: IMPORT_MESSAGES.batchStarted(answer.jobs.length),
          });
        },
        onError: (error) => {
          setConfirmingBatch(false);
          setFailure(`${IMPORT_MESSAGES.batchFailed}: ${errorText(error, 'try again.')}`);
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="start-import-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="start-import-title">
          Start an import
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label="Data source"
            data={SOURCE_OPTIONS}
            value={source}
            onChange={(e) => setSource(e.currentTarget.value as ImportDataSource)}
          />
          <NativeSelect
            label="Read from"
            data={methods.map((m) => ({ value: m, label: importMethodLabel(source, m) }))}
            value={chosenMethod}
            onChange={(e) => setMethod(e.currentTarget.value as ImportMethod)}
            disabled={methods.length === 1}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              hsds
                ? HSDS_IMPORT_TEXTS.methodDescription
                : chosenMethod === 'api'
                  ? 'The NPPES Registry API, by state and taxonomy'
                  : chosenMethod === 'file'
                    ? 'The configured registry file, read to its end'
                    : 'The NPPES deactivated NPI report: deactivated providers leave matching'
            }
          />
        </SimpleGrid>
        {hsds && (
          <TextInput
            label={HSDS_IMPORT_TEXTS.urlLabel}
            description={HSDS_IMPORT_TEXTS.urlDescription[chosenMethod]}
            placeholder={HSDS_IMPORT_TEXTS.urlPlaceholder[chosenMethod]}
            value={sourceUrl}
            onChange={(e) => setSourceUrl(e.currentTarget.value)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={urlProblem ?? undefined}
            required
            type="url"
          />
        )}
        <MultiSelect
          label="States"
          description={
            <>
              {hsds ? HSDS_IMPORT_TEXTS.statesDescription : 'Each state is fetched in turn.'}{' '}
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setStates([...IMPORT_TOP_STATES])}
              >
                Top 10 states
              </Anchor>
              {' · '}
              <Anchor component="button" type="button" size="xs" onClick={() => setStates([])}>
                Clear
              </Anchor>
            </>
          }
          data={IMPORT_STATES as unknown as string[]}
          value={states}
          onChange={(v) => setStates(v as ImportState[])}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={220}
          error={noStates ? IMPORT_MESSAGES.selectState : undefined}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label="Providers per state"
            min={IMPORT_LIMIT_PER_STATE.min}
            max={IMPORT_LIMIT_PER_STATE.max}
            step={IMPORT_LIMIT_PER_STATE.step}
            value={limit}
            onChange={setLimit}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            error={limitOk ? undefined : IMPORT_MESSAGES.limitRange}
          />
          <NativeSelect
            label="Taxonomy"
            data={IMPORT_TAXONOMIES as unknown as string[]}
            value={taxonomy}
            onChange={(e) => setTaxonomy(e.currentTarget.value as ImportTaxonomy)}
            disabled={source === 'hrsa' || hsds}
            description={
              source === 'hrsa'
                ? 'HRSA lists health center sites only'
                : hsds
                  ? HSDS_IMPORT_TEXTS.taxonomyNotUsed
                  : undefined
            }
          />
        </SimpleGrid>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setFailure(null)}
          >
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={onStart}
            disabled={!canStart}
            loading={start.isPending}
          >
            Start Import
          </Button>
          <Button
            variant="light"
            leftSection={<IconStack2 size={16} />}
            onClick={() => setConfirmingBatch(true)}
            disabled={!canBatch}
          >
            Start Batch Import
          </Button>
          <Text size="xs" c="dimmed">
            A batch starts one NPPES job per state.
          </Text>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmingBatch}
        title="Start batch import"
        message={`Start ${states.length} import ${states.length === 1 ? 'job' : 'jobs'} (${states.join(', ')}), up to ${formatCount(
          limitValue,
        )} ${taxonomy} providers from each state?`}
        confirmLabel="Start batch"
        busy={batch.isPending}
        onConfirm={onBatch}
        onCancel={() => setConfirmingBatch(false)}
      />
    </Card>
  );
}
