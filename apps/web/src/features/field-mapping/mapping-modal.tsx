import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { FIELD_MAPPING_MESSAGES, fieldMappingCreateSchema } from '@trust/domain';
import { useEffect } from 'react';
import { useCreateFieldMapping } from '../../api/members/field-mappings.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

type Values = {
  db_column: string;
  alternative: string;
  source_system: string;
  description: string;
  is_active: boolean;
};
const EMPTY: Values = { db_column: '', alternative: '', source_system: '', description: '', is_active: true };

/** Add Mapping (002 §2, §5): a member field and the name a plan's file gives it, per source system. */
export function MappingModal({
  opened,
  columns,
  sourceSystems,
  onClose,
  onSaved,
}: {
  opened: boolean;
  columns: { value: string; label: string }[];
  sourceSystems: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const create = useCreateFieldMapping();
  const form = useZodForm<Values>({ schema: fieldMappingCreateSchema as never, initialValues: EMPTY });
  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (opened) {
      setValues(EMPTY);
      clearErrors();
    }
  }, [opened, setValues, clearErrors]);
  const submit = form.onSubmit(() =>
    create.mutate(form.getValues(), {
      onSuccess: () => {
        onSaved();
        onClose();
      },
      onError: (error) => applyServerErrors(form, error, FIELD_MAPPING_MESSAGES.createFailed),
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Add Field Mapping" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Select
            label="Member field"
            required
            searchable
            data={columns}
            value={form.getValues().db_column || null}
            onChange={(v) => form.setFieldValue('db_column', v ?? '')}
            error={form.errors.db_column}
          />
          <TextInput
            label="External name"
            description="The column header in the plan's file, e.g. MBR_FIRST_NM"
            required
            {...form.getInputProps('alternative')}
          />
          <Select
            label="Source system"
            description="The plan or agency whose files use this name (empty: every source)"
            data={sourceSystems}
            searchable
            clearable
            value={form.getValues().source_system || null}
            onChange={(v) => form.setFieldValue('source_system', v ?? '')}
            onSearchChange={(s) => {
              if (s && !sourceSystems.includes(s)) form.setFieldValue('source_system', s);
            }}
          />
          <TextInput label="Description" {...form.getInputProps('description')} />
          <Checkbox label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Mapping
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
