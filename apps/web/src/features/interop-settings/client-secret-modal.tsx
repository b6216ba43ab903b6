import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { API_CLIENT_MESSAGES, type ApiClientCreated } from '@trust/domain';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { CopyField } from './copy-field.tsx';

/**
 * The one time a client's secret is shown (it is stored hashed): the client id and secret with copy buttons. A
 * click outside does not close it, so the secret is not lost by a stray click; closing forgets it.
 */
export function ClientSecretModal({
  created,
  onClose,
}: {
  created: ApiClientCreated | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={T.secretTitle}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="sm">
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {API_CLIENT_MESSAGES.secretShownOnce}
          </Alert>
          <Text size="sm">
            {T.clientName}: <strong>{created.name}</strong>
          </Text>
          <CopyField label={T.clientId} value={created.client_id} testId="created-client-id" />
          <CopyField label={T.clientSecret} value={created.client_secret} testId="created-client-secret" />
          <Group justify="flex-end">
            <Button onClick={onClose}>{T.secretDone}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
