import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { TWO_FACTOR_MESSAGES as M } from '@trust/domain';
import { type FormEvent, useEffect, useState } from 'react';

/**
 * A confirmation that asks for the current password (issue #12): turning a second factor off, changing the
 * preferred method and generating backup codes need it, so a session left open is not enough to weaken the
 * account. The server's answer for a wrong password (or the wait after too many) shows on the field.
 */
export function ConfirmPasswordDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** The server's message for the password, if the last try was refused. */
  error: string | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  // Every opening starts empty: a password is never kept between confirmations.
  useEffect(() => {
    if (!opened) {
      setPassword('');
      setMissing(false);
    }
  }, [opened]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(password);
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <PasswordInput
            label={M.currentPasswordLabel}
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={missing ? M.confirmRequired : (error ?? undefined)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
