import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  API_CLIENT_NAME_MAX,
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiClientCreated,
  type ApiScope,
  apiClientCreateSchema,
} from '@trust/domain';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { useEffect } from 'react';
import { useCreateApiClient } from '../../api/api-clients/create-api-client.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

type Values = { name: string; scopes: ApiScope[] };

const EMPTY: Values = { name: '', scopes: [] };

/**
 * "New API client": a name and its scopes, checked by the server's own schema; no scope is ticked to start
 * with, so each client gets only what its admin chose. The answer (with the one copy of the secret) goes to
 * `onCreated` and nowhere else.
 */
export function NewApiClientModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: ApiClientCreated) => void;
}) {
  const form = useZodForm({ schema: apiClientCreateSchema, initialValues: EMPTY });
  const create = useCreateApiClient();

  const { setValues, clearErrors, setFormError } = form;
  useEffect(() => {
    if (opened) {
      setValues(EMPTY);
      clearErrors();
      setFormError(null);
      create.reset();
    }
  }, [opened, create.reset, setValues, clearErrors, setFormError]);

  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        onCreated(created);
        // The secret lives on only in the dialog that shows it, not in this mutation's state.
        create.reset();
      },
      onError: (error) => applyServerErrors(form, error, T.createFailed),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={T.newClient} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={T.clientName}
            description={T.clientNameHint}
            required
            maxLength={API_CLIENT_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Checkbox.Group label={T.clientScopes} required {...form.getInputProps('scopes')}>
            <Stack gap="xs" mt={6}>
              {API_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={
                    <Text component="span" size="sm" ff="monospace">
                      {scope}
                    </Text>
                  }
                  description={API_SCOPE_LABELS[scope]}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {T.createClient}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
