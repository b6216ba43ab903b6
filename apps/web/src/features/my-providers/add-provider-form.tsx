import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  addProviderSchema,
  PROVIDER_LANGUAGES,
  PROVIDER_MESSAGES,
  PROVIDER_ORGANIZATION_TYPES,
  PROVIDER_SERVICES,
  PROVIDER_VERIFICATION_MESSAGES,
  US_STATES,
} from '@trust/domain';
import { useSaveProvider } from '../../api/saved-providers/save-provider.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SAVED_TOAST_MS, saveErrorMessage } from '../../components/provider/save-messages.ts';
import { type AddProviderField, EMPTY_PROVIDER } from './add-provider-values.ts';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/**
 * 001 §2.4 Add New Provider, in a modal over My Providers. Submit checks every field at once (001 §5); the
 * server checks the same schema and its per-field messages land on the same inputs.
 */
export function AddProviderForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Every message of 001 §5 at once, from the schema the server checks with (packages/domain saved-providers.ts).
  const form = useZodForm({
    schema: addProviderSchema,
    initialValues: EMPTY_PROVIDER,
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const save = useSaveProvider();
  // A long form: the whole screen on a phone.
  const phone = useMediaQuery('(max-width: 36em)');
  const { values } = form;
  const text = (field: AddProviderField) => form.getInputProps(field);

  const close = () => {
    form.reset();
    onClose();
  };

  // The values as typed: the server checks them with the same schema and stores its normalised form.
  const submit = form.onSubmit(() =>
    save.mutate(form.getValues(), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: PROVIDER_MESSAGES.providerSaved,
          message:
            saved.verification_status === 'private'
              ? `${saved.organization_name} is in My Providers. ${PROVIDER_VERIFICATION_MESSAGES.addedPrivately}`
              : `${saved.organization_name} is in My Providers.`,
          autoClose: SAVED_TOAST_MS,
        });
        close();
      },
      onError: (error) => {
        const failure = saveErrorMessage(error, 'my-providers');
        applyServerErrors(form, error, failure);
        // The screen's wording of the failure shows above the field messages too.
        form.setFormError(failure);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add New Provider" size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate aria-label="Add New Provider">
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label="Organization name" required {...text('organization_name')} />
          <Select
            label="Organization type"
            required
            placeholder="Choose a type"
            data={[...PROVIDER_ORGANIZATION_TYPES]}
            {...form.getInputProps('organization_type')}
            value={values.organization_type || null}
            onChange={(v) => form.setFieldValue('organization_type', v ?? '')}
          />
          <TextInput label="Street address" required {...text('street_address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="City" required {...text('city')} />
            <Select
              label="State"
              required
              placeholder="State"
              data={STATE_OPTIONS}
              searchable
              {...form.getInputProps('state')}
              value={values.state || null}
              onChange={(v) => form.setFieldValue('state', v ?? '')}
            />
            <TextInput label="ZIP code" required inputMode="numeric" maxLength={5} {...text('zip_code')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Phone number" required type="tel" {...text('primary_phone')} />
            <TextInput label="Email" type="email" {...text('primary_email')} />
            <TextInput label="Website" type="url" placeholder="https://" {...text('website')} />
          </SimpleGrid>
          <MultiSelect
            label="Services"
            required
            placeholder={values.services.length ? undefined : 'Choose services'}
            data={[...PROVIDER_SERVICES]}
            {...form.getInputProps('services')}
            searchable
          />
          <MultiSelect
            label="Languages"
            required
            placeholder={values.languages_spoken.length ? undefined : 'Choose languages'}
            data={[...PROVIDER_LANGUAGES]}
            {...form.getInputProps('languages_spoken')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Provider
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
