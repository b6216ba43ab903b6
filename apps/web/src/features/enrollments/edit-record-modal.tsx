import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A record's edit form in a dialog: the same fields as its add form, then why the save failed (a refusal no
 * single field owns), then Cancel and Save.
 */
export function EditRecordModal({
  title,
  opened,
  error,
  saving,
  onSave,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  error: string | null;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
