import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BILLING_ACTIVITY_MESSAGES,
  BILLING_ACTIVITY_TYPE_OPTIONS,
  BILLING_UNIT_OPTIONS,
  type BillingActivity,
  billingActivityCreateSchema,
} from '@trust/domain';
import { useSaveBillingActivity } from '../../api/programs/save-billing-activity.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { numberOrNull } from './form-values.ts';

type Values = {
  activity_name: string;
  activity_code: string;
  activity_type: string;
  description: string;
  cpt_code: string;
  hcpcs_code: string;
  revenue_code: string;
  modifier_1: string;
  modifier_2: string;
  billing_unit: string;
  rate_per_unit: number | string;
  mcp_id: string;
  max_units_per_day: number | string;
  max_units_per_month: number | string;
  place_of_service: string;
  is_bundled: boolean;
  bundled_activities: string[];
  requires_prior_auth: boolean;
  requires_supervision: boolean;
  min_credentials_required: string;
  is_active: boolean;
  effective_date: string;
  expiration_date: string;
};

function initialValues(a: BillingActivity | null): Values {
  return {
    activity_name: a?.activity_name ?? '',
    activity_code: a?.activity_code ?? '',
    activity_type: a?.activity_type ?? '',
    description: a?.description ?? '',
    cpt_code: a?.cpt_code ?? '',
    hcpcs_code: a?.hcpcs_code ?? '',
    revenue_code: a?.revenue_code ?? '',
    modifier_1: a?.modifier_1 ?? '',
    modifier_2: a?.modifier_2 ?? '',
    billing_unit: a?.billing_unit ?? '',
    rate_per_unit: a?.rate_per_unit ?? '',
    mcp_id: a?.mcp_id ?? '',
    max_units_per_day: a?.max_units_per_day ?? '',
    max_units_per_month: a?.max_units_per_month ?? '',
    place_of_service: a?.place_of_service ?? '',
    is_bundled: a?.is_bundled ?? false,
    bundled_activities: a?.bundled_activities ?? [],
    requires_prior_auth: a?.requires_prior_auth ?? false,
    requires_supervision: a?.requires_supervision ?? false,
    min_credentials_required: a?.min_credentials_required ?? '',
    is_active: a?.is_active ?? true,
    effective_date: a?.effective_date ?? '',
    expiration_date: a?.expiration_date ?? '',
  };
}

/**
 * The add/edit form of a billing activity (002 §3, §5): activity name, billing unit and rate per unit (dollars,
 * step 0.01) required; codes checked by shape (CPT, HCPCS, revenue code, modifiers, place of service); limits of
 * 1 or more; the expiration on or after the effective date. The same schema as the server checks it.
 */
export function BillingActivityForm({
  programId,
  activity,
  onDone,
  onCancel,
}: {
  programId: number;
  /** null adds a new one. */
  activity: BillingActivity | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useZodForm({
    schema: billingActivityCreateSchema,
    initialValues: initialValues(activity),
    toInput: (v: Values) => ({
      ...v,
      program_id: programId,
      activity_type: v.activity_type || null,
      rate_per_unit: numberOrNull(v.rate_per_unit) ?? undefined,
      max_units_per_day: numberOrNull(v.max_units_per_day),
      max_units_per_month: numberOrNull(v.max_units_per_month),
      bundled_activities: v.is_bundled ? v.bundled_activities : [],
    }),
  });
  const save = useSaveBillingActivity();
  const fallback = activity ? BILLING_ACTIVITY_MESSAGES.updateFailed : BILLING_ACTIVITY_MESSAGES.createFailed;

  const submit = form.onSubmit((body) => {
    const { program_id: _programId, ...fields } = body;
    save.mutate(activity ? { id: activity.id, body: fields } : { id: null, body }, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: activity ? `${saved.activity_name} was updated.` : `${saved.activity_name} was added.`,
        });
        onDone();
      },
      onError: (error) => applyServerErrors(form, error, fallback),
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={activity ? 'Edit billing activity' : 'Add billing activity'}
    >
      <Stack gap="sm">
        <Title order={4}>{activity ? `Edit ${activity.activity_name}` : 'Add Billing Activity'}</Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Activity name" required {...form.getInputProps('activity_name')} />
          <TextInput label="Activity code" {...form.getInputProps('activity_code')} />
          <NativeSelect
            label="Activity type"
            description="The enrollment activity it bills"
            data={[
              { value: '', label: 'None' },
              ...BILLING_ACTIVITY_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
            ]}
            {...form.getInputProps('activity_type')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          description="Your organization's own description of the service"
          rows={2}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <TextInput label="CPT code" placeholder="99490" maxLength={5} {...form.getInputProps('cpt_code')} />
          <TextInput
            label="HCPCS code"
            placeholder="G9008"
            maxLength={5}
            {...form.getInputProps('hcpcs_code')}
          />
          <TextInput
            label="Revenue code"
            placeholder="0500"
            maxLength={4}
            {...form.getInputProps('revenue_code')}
          />
          <TextInput
            label="Modifier 1"
            placeholder="U1"
            maxLength={2}
            {...form.getInputProps('modifier_1')}
          />
          <TextInput label="Modifier 2" maxLength={2} {...form.getInputProps('modifier_2')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Billing unit"
            required
            data={[
              { value: '', label: 'Choose a unit' },
              ...BILLING_UNIT_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
            ]}
            {...form.getInputProps('billing_unit')}
          />
          <NumberInput
            label="Rate per unit"
            required
            prefix="$"
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps('rate_per_unit')}
          />
          <TextInput label="MCP id" {...form.getInputProps('mcp_id')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Max units per day"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('max_units_per_day')}
          />
          <NumberInput
            label="Max units per month"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('max_units_per_month')}
          />
          <TextInput
            label="Place of service"
            placeholder="12"
            maxLength={2}
            {...form.getInputProps('place_of_service')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Effective date" type="date" {...form.getInputProps('effective_date')} />
          <TextInput label="Expiration date" type="date" {...form.getInputProps('expiration_date')} />
          <TextInput label="Minimum credentials" {...form.getInputProps('min_credentials_required')} />
        </SimpleGrid>
        <Group>
          <Checkbox
            label="Requires prior authorization"
            {...form.getInputProps('requires_prior_auth', { type: 'checkbox' })}
          />
          <Checkbox
            label="Requires supervision"
            {...form.getInputProps('requires_supervision', { type: 'checkbox' })}
          />
          <Checkbox label="Bundled" {...form.getInputProps('is_bundled', { type: 'checkbox' })} />
          <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        </Group>
        {form.values.is_bundled && (
          <TagsInput
            label="Bundled activities"
            description="Names or codes of the activities it includes; press Enter after each"
            {...form.getInputProps('bundled_activities')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {activity ? 'Save Changes' : 'Add Activity'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
