import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@trust/domain';
import { ApiError } from '../api/errors.ts';

/** A refusal of the server (4xx with a reason), as opposed to a server that could not be reached or failed. */
function refusal(error: unknown): string | null {
  return error instanceof ApiError && !error.isNetworkError && error.status < 500 ? error.detail : null;
}

/** The load error of 000 §8: "Unable to connect to the backend server.", or the server's reason for refusing. */
export function loadErrorText(error: unknown): string {
  return refusal(error) ?? MESSAGES.connectionError;
}

/** A list that could not be loaded: why, and Retry (the queue and Member Profiles, 000 §2.3, §2.8, §8). */
export function LoadErrorAlert({
  error,
  what,
  onRetry,
}: {
  error: unknown;
  what: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      title={refusal(error) ? `Could not load ${what}` : 'Connection Error'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{loadErrorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
