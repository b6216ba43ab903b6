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
  PROVIDER_LANGUAGES,
  PROVIDER_MESSAGES,
  PROVIDER_ORGANIZATION_TYPES,
  PROVIDER_SERVICES,
  PROVIDER_VERIFICATION_MESSAGES,
  US_STATES,
} from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useSaveProvider } from '../../api/saved-providers/save-provider.ts';
import { SAVED_TOAST_MS, saveErrorMessage } from '../../components/provider/save-messages.ts';
import {
  type AddProviderErrors,
  type AddProviderField,
  type AddProviderValues,
  EMPTY_PROVIDER,
  toAddProviderBody,
  validateProvider,
} from './add-provider-values.ts';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/**
 * 001 §2.4 Add New Provider, in a modal over My Providers. Submit checks every field at once (001 §5); the
 * server checks the same schema and its per-field messages land on the same inputs.
 */
export function AddProviderForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState<AddProviderValues>(EMPTY_PROVIDER);
  const [errors, setErrors] = useState<AddProviderErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveProvider();
  // A long form: the whole screen on a phone.
  const phone = useMediaQuery('(max-width: 36em)');

  const set = <K extends AddProviderField>(field: K, value: AddProviderValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
  };
  const text = (field: AddProviderField) => ({
    value: values[field] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value as never),
    error: errors[field],
  });

  const close = () => {
    setValues(EMPTY_PROVIDER);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateProvider(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toAddProviderBody(values), {
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
        if (error instanceof ApiError && error.fields) setErrors(error.fields as AddProviderErrors);
        setFailure(saveErrorMessage(error, 'my-providers'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Add New Provider" size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate aria-label="Add New Provider">
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Organization name" required {...text('organization_name')} />
          <Select
            label="Organization type"
            required
            placeholder="Choose a type"
            data={[...PROVIDER_ORGANIZATION_TYPES]}
            value={values.organization_type || null}
            onChange={(v) => set('organization_type', v ?? '')}
            error={errors.organization_type}
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
              value={values.state || null}
              onChange={(v) => set('state', v ?? '')}
              error={errors.state}
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
            value={values.services}
            onChange={(v) => set('services', v)}
            error={errors.services}
            searchable
          />
          <MultiSelect
            label="Languages"
            required
            placeholder={values.languages_spoken.length ? undefined : 'Choose languages'}
            data={[...PROVIDER_LANGUAGES]}
            value={values.languages_spoken}
            onChange={(v) => set('languages_spoken', v)}
            error={errors.languages_spoken}
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
