import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  WORKFLOW_STEP_TYPE_LABELS,
  WORKFLOW_STEP_TYPES,
  type WorkflowStep,
  type WorkflowTemplate,
  workflowStepUpdateSchema,
} from '@trust/domain';
import { useEffect } from 'react';
import { useSaveWorkflowStep } from '../../api/workflows/templates.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { StepConfigFields } from './step-config-fields.tsx';
import {
  DEFAULT_CONFIGS,
  isStepType,
  type StepValues,
  stepConfigErrors,
  stepFieldOf,
  stepValues,
  wireConfig,
} from './step-values.ts';
import { TEMPLATE_TEXTS } from './template-texts.ts';

function toInput(v: StepValues) {
  return {
    step_order: v.step_order === '' ? undefined : v.step_order,
    step_type: v.step_type === '' ? undefined : v.step_type,
    step_name: v.step_name,
    required: v.required,
    step_config: wireConfig(v),
  };
}

/**
 * Add or edit one step of the Workflow Designer (002 §5: order at least 1, name and type required; 002 §9: a new
 * step is a required task one past the existing steps). The type's settings are checked by the server's schema
 * before sending; the server's messages land on the same inputs.
 */
export function StepFormModal({
  opened,
  template,
  step,
  steps,
  onClose,
}: {
  opened: boolean;
  template: WorkflowTemplate;
  /** null adds a step. */
  step: WorkflowStep | null;
  steps: WorkflowStep[];
  onClose: () => void;
}) {
  const nextOrder = steps.reduce((max, s) => Math.max(max, s.step_order), 0) + 1;
  const form = useZodForm({
    schema: workflowStepUpdateSchema,
    initialValues: stepValues(step, nextOrder),
    toInput,
    fieldOf: stepFieldOf,
    rules: stepConfigErrors,
  });
  const save = useSaveWorkflowStep();
  const { setValues, clearErrors, setFormError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      setValues(stepValues(step, nextOrder));
      clearErrors();
      setFormError(null);
      save.reset();
    }
  }, [opened, step]);

  const submit = form.onSubmit((body) => {
    const parsed = workflowStepUpdateSchema.parse(body);
    const change =
      step === null
        ? ({ id: null, body: { ...parsed, workflow_template_id: template.id } } as const)
        : ({ id: step.id, body: parsed } as const);
    save.mutate(change, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: step ? TEMPLATE_TEXTS.stepUpdated : TEMPLATE_TEXTS.stepAdded,
        });
        onClose();
      },
      onError: (error) =>
        applyServerErrors(
          form,
          error,
          step ? TEMPLATE_TEXTS.updateStepFailed : TEMPLATE_TEXTS.createStepFailed,
          {
            fieldOf: stepFieldOf,
          },
        ),
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={step ? 'Edit Step' : 'Add Step'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Step order"
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('step_order')}
            />
            <NativeSelect
              label="Step type"
              required
              data={WORKFLOW_STEP_TYPES.map((t) => ({ value: t, label: WORKFLOW_STEP_TYPE_LABELS[t] }))}
              {...form.getInputProps('step_type')}
              onChange={(e) => {
                const type = e.currentTarget.value;
                form.setFieldValue('step_type', isStepType(type) ? type : '');
                // Another type has other settings: start from its defaults.
                if (isStepType(type)) form.setFieldValue('step_config', { ...DEFAULT_CONFIGS[type] });
              }}
            />
            <Switch
              mt={{ sm: 30 }}
              label="Required"
              {...form.getInputProps('required', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <TextInput label="Step name" required {...form.getInputProps('step_name')} />
          <StepConfigFields form={form as never} steps={steps} editingId={step?.id ?? null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {step ? 'Save Step' : 'Add Step'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
