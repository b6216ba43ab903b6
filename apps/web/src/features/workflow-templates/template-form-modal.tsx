import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ACTIVITY_TYPES,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_STATUSES,
  parseTriggerConfig,
  WORKFLOW_TRIGGER_LABELS,
  WORKFLOW_TRIGGER_TYPES,
  type WorkflowTemplate,
  type WorkflowTriggerType,
  workflowTemplateBodySchema,
} from '@trust/domain';
import { useEffect } from 'react';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { useSaveWorkflowTemplate } from '../../api/workflows/templates.ts';
import { CronPreview } from '../../components/cron-preview.tsx';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TEMPLATE_TEXTS } from './template-texts.ts';

type Values = {
  name: string;
  description: string;
  trigger_type: WorkflowTriggerType | '';
  program_id: string;
  is_active: boolean;
  // The trigger's configuration, one input per key (issue #17: a proper form, not free pairs).
  from_status: string;
  to_status: string;
  activity_type: string;
  cron: string;
};

function initialValues(t: WorkflowTemplate | null): Values {
  const config = (t?.trigger_config ?? {}) as Record<string, string | undefined>;
  return {
    name: t?.name ?? '',
    description: t?.description ?? '',
    // 002 §9: a new template's trigger is manual, and it is active.
    trigger_type: t?.trigger_type ?? 'manual',
    program_id: t?.program_id ? String(t.program_id) : '',
    is_active: t?.is_active ?? true,
    from_status: config.from_status ?? '',
    to_status: config.to_status ?? '',
    activity_type: config.activity_type ?? '',
    cron: config.cron ?? '',
  };
}

/** Only the keys of the chosen trigger, blanks left out. */
function triggerConfig(v: Values): Record<string, string> {
  const pick = (keys: (keyof Values)[]) =>
    Object.fromEntries(keys.map((k) => [k, String(v[k]).trim()]).filter(([, value]) => value !== ''));
  switch (v.trigger_type) {
    case 'enrollment_status_changed':
      return pick(['from_status', 'to_status']);
    case 'activity_completed':
      return pick(['activity_type']);
    case 'time_based':
      return { cron: v.cron.trim() };
    default:
      return {};
  }
}

function toInput(v: Values) {
  return {
    name: v.name,
    description: v.description.trim() === '' ? null : v.description,
    trigger_type: v.trigger_type === '' ? undefined : v.trigger_type,
    trigger_config: triggerConfig(v),
    is_active: v.is_active,
    program_id: v.program_id === '' ? null : Number(v.program_id),
  };
}

/** The server names trigger fields `trigger_config.cron`; here they are inputs of their own. */
const fieldOf = (field: string) => field.replace(/^trigger_config\./, '');

const STATUS_DATA = [
  { value: '', label: 'Any status' },
  ...ENROLLMENT_STATUSES.map((s) => ({ value: s, label: ENROLLMENT_STATUS_LABELS[s] })),
];

/**
 * Create and Edit of a workflow template (002 §2, §5: name and trigger type required). The trigger's settings
 * follow its type: from/to statuses, an activity type, or a cron expression with its next runs.
 */
export function TemplateFormModal({
  opened,
  template,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** null creates one. */
  template: WorkflowTemplate | null;
  onClose: () => void;
  /** A new template opens in the designer: it has no steps yet. */
  onCreated?: (template: WorkflowTemplate) => void;
}) {
  const form = useZodForm({
    schema: workflowTemplateBodySchema,
    initialValues: initialValues(template),
    toInput,
    fieldOf,
    rules: (v) => {
      if (v.trigger_type === '') return {};
      const checked = parseTriggerConfig(v.trigger_type, triggerConfig(v));
      if (checked.ok) return {};
      return Object.fromEntries(Object.entries(checked.fields).map(([k, m]) => [fieldOf(k), m]));
    },
  });
  const save = useSaveWorkflowTemplate();
  const programs = useProgramOptions();
  const { setValues, clearErrors, setFormError } = form;
  useEffect(() => {
    if (opened) {
      setValues(initialValues(template));
      clearErrors();
      setFormError(null);
      save.reset();
    }
  }, [opened, template, save.reset, setValues, clearErrors, setFormError]);

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: template ? TEMPLATE_TEXTS.updated : TEMPLATE_TEXTS.created,
          });
          onClose();
          if (!template) onCreated?.(saved);
        },
        onError: (error) =>
          applyServerErrors(
            form,
            error,
            template ? TEMPLATE_TEXTS.updateFailed : TEMPLATE_TEXTS.createFailed,
            {
              fieldOf,
            },
          ),
      },
    ),
  );
  const trigger = form.values.trigger_type;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? 'Edit Workflow Template' : 'Create Workflow Template'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label="Workflow name" required {...form.getInputProps('name')} />
          <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Trigger type"
              required
              data={WORKFLOW_TRIGGER_TYPES.map((t) => ({ value: t, label: WORKFLOW_TRIGGER_LABELS[t] }))}
              {...form.getInputProps('trigger_type')}
            />
            <NativeSelect
              label="Program"
              description="A trigger starts it only for enrollments in this program."
              data={[
                { value: '', label: 'All Programs' },
                ...(programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
              ]}
              {...form.getInputProps('program_id')}
            />
          </SimpleGrid>
          {trigger === 'enrollment_status_changed' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="From status" data={STATUS_DATA} {...form.getInputProps('from_status')} />
              <NativeSelect label="To status" data={STATUS_DATA} {...form.getInputProps('to_status')} />
            </SimpleGrid>
          )}
          {trigger === 'activity_completed' && (
            <NativeSelect
              label="Activity type"
              data={[
                { value: '', label: 'Any type' },
                ...ACTIVITY_TYPES.map((t) => ({ value: t, label: t.replace('_', ' ') })),
              ]}
              {...form.getInputProps('activity_type')}
            />
          )}
          {trigger === 'time_based' && (
            <>
              <TextInput
                label="Schedule (cron, UTC)"
                description="minute hour day month weekday — e.g. 0 9 1 */3 * is 9:00 on the 1st every 3 months. Each run starts it for every open enrollment of its program."
                required
                {...form.getInputProps('cron')}
              />
              <CronPreview expression={form.values.cron} />
            </>
          )}
          <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {template ? 'Save Changes' : 'Create Template'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
