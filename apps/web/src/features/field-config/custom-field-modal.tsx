import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_STR_LEN_DEFAULT,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  customFieldCreateSchema,
} from '@trust/domain';
import { useEffect } from 'react';
import { useSaveCustomField } from '../../api/members/custom-fields.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

type Values = {
  name: string;
  type: CustomFieldType;
  friendly_name: string;
  category: string;
  default_value: string;
  mandatory: boolean;
  str_len: number | '';
  nullable: boolean;
  hidden: boolean;
};

function initialValues(field: CustomField | null): Values {
  return {
    name: field?.name ?? '',
    type: field?.type ?? 'str',
    friendly_name: field?.friendly_name ?? '',
    category: field?.category ?? '',
    default_value: field?.default_value ?? '',
    mandatory: field?.mandatory ?? false,
    str_len: field?.str_len ?? CUSTOM_FIELD_STR_LEN_DEFAULT,
    nullable: field?.nullable ?? true,
    hidden: field?.hidden ?? false,
  };
}

const toBody = (v: Values) => ({
  ...v,
  category: v.category.trim() || null,
  default_value: v.default_value === '' ? null : v.default_value,
  str_len: v.type === 'str' && v.str_len !== '' ? v.str_len : null,
});

/** Add or edit a custom field (002 §2, §5): the name and type are fixed once created. */
export function CustomFieldModal({
  opened,
  field,
  categories,
  onClose,
  onSaved,
}: {
  opened: boolean;
  field: CustomField | null;
  categories: string[];
  onClose: () => void;
  onSaved: (field: CustomField) => void;
}) {
  const save = useSaveCustomField();
  const form = useZodForm<Values>({
    schema: customFieldCreateSchema as never,
    initialValues: initialValues(field),
    toInput: toBody,
  });
  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (opened) {
      setValues(initialValues(field));
      clearErrors();
      save.reset();
    }
  }, [opened, field, setValues, clearErrors, save.reset]);

  const submit = form.onSubmit(() =>
    save.mutate(
      { id: field?.id ?? null, body: toBody(form.getValues()) },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
        onError: (error) =>
          applyServerErrors(
            form,
            error,
            field ? CUSTOM_FIELD_MESSAGES.updateFailed : CUSTOM_FIELD_MESSAGES.createFailed,
          ),
      },
    ),
  );
  const type = form.getValues().type;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? 'Edit Custom Field' : 'Add Custom Field'}
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Field name"
              description="Lowercase letters, digits and underscores; cannot change later"
              required
              disabled={field !== null}
              {...form.getInputProps('name')}
            />
            <Select
              label="Type"
              description="Cannot change later"
              data={CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: CUSTOM_FIELD_TYPE_LABELS[t] }))}
              allowDeselect={false}
              disabled={field !== null}
              {...form.getInputProps('type')}
            />
            <TextInput label="Display name" required {...form.getInputProps('friendly_name')} />
            <Select
              label="Category"
              description="Pick one or type a new one"
              data={categories}
              searchable
              clearable
              value={form.getValues().category || null}
              onChange={(v) => form.setFieldValue('category', v ?? '')}
              onSearchChange={(s) => {
                if (s && !categories.includes(s)) form.setFieldValue('category', s);
              }}
              error={form.errors.category}
            />
            <TextInput
              label="Default value"
              placeholder={type === 'fixed_date' ? 'MM-DD' : type === 'bool' ? 'true or false' : ''}
              {...form.getInputProps('default_value')}
            />
            {type === 'str' && (
              <NumberInput
                label="Maximum length"
                min={1}
                max={512}
                allowDecimal={false}
                {...form.getInputProps('str_len')}
              />
            )}
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label="Mandatory" {...form.getInputProps('mandatory', { type: 'checkbox' })} />
            <Checkbox label="May be empty" {...form.getInputProps('nullable', { type: 'checkbox' })} />
            <Checkbox
              label="Hidden from the member form"
              {...form.getInputProps('hidden', { type: 'checkbox' })}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {field ? 'Save Changes' : 'Add Field'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
