import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CustomField,
  type CustomFieldType,
  checkCustomFieldValue,
  MEMBER_GENDERS,
  MEMBER_MESSAGES,
  type Member,
  memberCreateSchema,
} from '@trust/domain';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCustomFields } from '../../api/members/custom-fields.ts';
import { useMember, useSaveMember } from '../../api/members/members.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { CustomFieldInput, customInputValue, customWireValue } from './custom-field-input.tsx';
import { fieldSections } from './member-format.ts';

const CORE = [
  'first_name',
  'last_name',
  'email',
  'phone_no',
  'race',
  'ethnicity',
  'language',
  'dob',
  'gender',
  'patient_no',
  'medicaid_id',
] as const;
type Values = Record<(typeof CORE)[number], string> & { custom_fields: Record<string, string> };

function initialValues(member: Member | null, fields: readonly CustomField[]): Values {
  const values = Object.fromEntries(
    CORE.map((k) => [k, (member?.[k] as string | null) ?? '']),
  ) as unknown as Values;
  values.custom_fields = Object.fromEntries(
    fields
      .filter((f) => !f.hidden)
      .map((f) => [
        f.name,
        member ? customInputValue(f, member.custom_fields[f.name]) : (f.default_value ?? ''),
      ]),
  );
  return values;
}

/** The request body: empty texts are null; only the visible custom fields are sent (hidden ones keep their values). */
function toBody(values: Values, fields: readonly CustomField[]) {
  return {
    ...Object.fromEntries(CORE.map((k) => [k, values[k].trim() === '' ? null : values[k]])),
    first_name: values.first_name,
    last_name: values.last_name,
    custom_fields: Object.fromEntries(
      fields
        .filter((f) => !f.hidden)
        .map((f) => [f.name, customWireValue(f, values.custom_fields[f.name] ?? '')]),
    ),
  };
}

/** members-new and members-edit/{id} (002 §2): Basic Information and the custom-field sections by category. */
export function MemberFormPage() {
  const { id } = useParams();
  const memberId = id === undefined ? null : Number(id);
  const member = useMember(memberId);
  const fields = useCustomFields();
  if (fields.isPending || (memberId !== null && member.isPending)) return <FullPageLoader />;
  const error = fields.error ?? member.error;
  if (error) {
    return (
      <LoadErrorAlert
        error={error}
        onRetry={() => void (member.error ? member.refetch() : fields.refetch())}
        what={memberId === null ? 'the member form' : 'the member'}
      />
    );
  }
  return <MemberForm member={member.data ?? null} fields={fields.data ?? []} />;
}

function MemberForm({ member, fields }: { member: Member | null; fields: CustomField[] }) {
  const navigate = useNavigate();
  const save = useSaveMember();
  const visible = useMemo(() => fields.filter((f) => !f.hidden), [fields]);
  const form = useZodForm<Values>({
    schema: memberCreateSchema as never,
    initialValues: initialValues(member, fields),
    toInput: (values) => toBody(values, fields),
    // The custom fields by their types, as the server checks them (002 §5: '{friendly name} is required').
    rules: (values) => {
      const errors: Record<string, string> = {};
      for (const field of visible) {
        const raw = customWireValue(field, values.custom_fields[field.name] ?? '');
        const checked = checkCustomFieldValue(
          {
            name: field.name,
            type: field.type as CustomFieldType,
            friendly_name: field.friendly_name,
            str_len: field.str_len,
            nullable: !field.mandatory,
          },
          raw,
        );
        if ('error' in checked) errors[`custom_fields.${field.name}`] = checked.error;
      }
      return errors;
    },
  });
  const { setValues } = form;
  useEffect(() => setValues(initialValues(member, fields)), [member, fields, setValues]);

  const submit = form.onSubmit(() =>
    save.mutate(
      { id: member?.id ?? null, body: toBody(form.getValues(), fields) as never },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: member ? 'Member updated successfully' : 'Member created successfully',
          });
          navigate(tabPath('members-view', saved.id));
        },
        onError: (error) =>
          applyServerErrors(
            form,
            error,
            member ? MEMBER_MESSAGES.updateFailed : MEMBER_MESSAGES.createFailed,
          ),
      },
    ),
  );
  const text = (name: (typeof CORE)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(name)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>{member ? 'Edit Member' : 'Add Member'}</Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            Basic Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('first_name', 'First name', { required: true, autoComplete: 'off' })}
            {text('last_name', 'Last name', { required: true, autoComplete: 'off' })}
            {text('dob', 'Date of birth', { type: 'date' })}
            <Select
              label="Gender"
              data={[...MEMBER_GENDERS]}
              clearable
              {...form.getInputProps('gender')}
              value={form.getValues().gender || null}
              onChange={(v) => form.setFieldValue('gender', v ?? '')}
            />
            {text('medicaid_id', 'Medicaid ID')}
            {text('patient_no', 'Patient number')}
            {text('phone_no', 'Phone', { type: 'tel' })}
            {text('email', 'Email', { type: 'email' })}
            {text('language', 'Language')}
            {text('race', 'Race')}
            {text('ethnicity', 'Ethnicity')}
          </SimpleGrid>
        </Card>
        {fieldSections(visible).map((section) => (
          <Card withBorder key={section.category}>
            <Title order={3} size="h4" mb="sm">
              {section.category}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {section.fields.map((field) => (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={form.getValues().custom_fields[field.name] ?? ''}
                  error={form.errors[`custom_fields.${field.name}`] as string | undefined}
                  onChange={(v) => form.setFieldValue(`custom_fields.${field.name}`, v as never)}
                />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => navigate(member ? tabPath('members-view', member.id) : tabPath('members'))}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {member ? 'Save Changes' : 'Add Member'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
