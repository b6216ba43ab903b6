import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A tab's add form: its fields, then why the last submit failed (a refusal no single field owns), then the
 * submit button at the right.
 */
export function AddRecordCard({
  error,
  submitLabel,
  submitIcon,
  submitting,
  onSubmit,
  children,
}: {
  error: string | null;
  submitLabel: string;
  submitIcon?: ReactNode;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button leftSection={submitIcon} onClick={onSubmit} loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
