import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PROGRAM_MESSAGES,
  PROGRAM_SERVICE_OPTIONS,
  PROGRAM_TYPE_OPTIONS,
  type Program,
  programCreateSchema,
} from '@trust/domain';
import { useEffect } from 'react';
import { useSaveProgram } from '../../api/programs/save-program.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { numberOrNull } from './form-values.ts';

type Values = {
  name: string;
  program_type: string;
  description: string;
  is_active: boolean;
  start_date: string;
  end_date: string;
  capacity: number | string;
  funding_source: string;
  billing_code: string;
  reimbursement_rate: number | string;
  eligibility_criteria: string;
  services_offered: string[];
  program_manager_name: string;
  program_manager_email: string;
  program_manager_phone: string;
};

function initialValues(p: Program | null): Values {
  return {
    name: p?.name ?? '',
    program_type: p?.program_type ?? '',
    description: p?.description ?? '',
    is_active: p?.is_active ?? true,
    start_date: p?.start_date ?? '',
    end_date: p?.end_date ?? '',
    capacity: p?.capacity ?? '',
    funding_source: p?.funding_source ?? '',
    billing_code: p?.billing_code ?? '',
    reimbursement_rate: p?.reimbursement_rate ?? '',
    eligibility_criteria: p?.eligibility_criteria ?? '',
    services_offered: p?.services_offered ?? [],
    program_manager_name: p?.program_manager_name ?? '',
    program_manager_email: p?.program_manager_email ?? '',
    program_manager_phone: p?.program_manager_phone ?? '',
  };
}

/** The values as the shared schema reads them: blank numbers are none. */
function toInput(v: Values) {
  return { ...v, capacity: numberOrNull(v.capacity), reimbursement_rate: numberOrNull(v.reimbursement_rate) };
}

const TYPE_DATA = [
  { value: '', label: 'Choose a type' },
  ...PROGRAM_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
];

/**
 * The add/edit form of Program Management (002 §2, §3, §5): every program field; a name and a type are required;
 * dates in order, capacity a whole number, the rate in dollars and cents, the manager's email and phone checked
 * by the same schema as the server. An edit sends every field, so a cleared one is cleared.
 */
export function ProgramFormModal({
  opened,
  program,
  onClose,
}: {
  opened: boolean;
  /** null adds a new program. */
  program: Program | null;
  onClose: () => void;
}) {
  const form = useZodForm({ schema: programCreateSchema, initialValues: initialValues(program), toInput });
  const save = useSaveProgram();

  const { setValues, clearErrors, setFormError } = form;
  useEffect(() => {
    if (opened) {
      setValues(initialValues(program));
      clearErrors();
      setFormError(null);
      save.reset();
    }
  }, [opened, program, save.reset, setValues, clearErrors, setFormError]);

  const fallback = program ? PROGRAM_MESSAGES.updateFailed : PROGRAM_MESSAGES.createFailed;
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: program?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: program ? `${saved.name} was updated.` : `${saved.name} was created.`,
          });
          onClose();
        },
        onError: (error) => applyServerErrors(form, error, fallback),
      },
    ),
  );
  const typeDescription = PROGRAM_TYPE_OPTIONS.find((o) => o.value === form.values.program_type)?.description;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={program ? 'Edit Program' : 'Add Program'}
      size="xl"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Program name" required {...form.getInputProps('name')} />
            <NativeSelect
              label="Program type"
              required
              data={TYPE_DATA}
              description={typeDescription}
              {...form.getInputProps('program_type')}
            />
          </SimpleGrid>
          <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
          <Switch
            label="Active (takes new enrollments)"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Start date" type="date" {...form.getInputProps('start_date')} />
            <TextInput label="End date" type="date" {...form.getInputProps('end_date')} />
            <NumberInput
              label="Capacity"
              description="Active enrollments it takes; blank for no limit"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('capacity')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Funding source" {...form.getInputProps('funding_source')} />
            <TextInput label="Billing code" {...form.getInputProps('billing_code')} />
            <NumberInput
              label="Reimbursement rate"
              prefix="$"
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('reimbursement_rate')}
            />
          </SimpleGrid>
          <Textarea label="Eligibility criteria" rows={2} {...form.getInputProps('eligibility_criteria')} />
          <MultiSelect
            label="Services offered"
            placeholder="Choose services"
            data={PROGRAM_SERVICE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            clearable
            {...form.getInputProps('services_offered')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Program manager" {...form.getInputProps('program_manager_name')} />
            <TextInput label="Manager email" type="email" {...form.getInputProps('program_manager_email')} />
            <TextInput label="Manager phone" type="tel" {...form.getInputProps('program_manager_phone')} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {program ? 'Save Changes' : 'Create Program'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
