import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { confirmIdentityRequestSchema, TWO_FACTOR_MESSAGES as M } from '@trust/domain';
import { type FormEvent, useEffect } from 'react';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

/** A refused confirmation: the call's error, and the screen's text when the server sent none. */
export type Refusal = { error: unknown; fallback: string };

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
  refusal,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** The last try, when the server refused it: its message shows on the password field. */
  refusal: Refusal | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm({
    schema: confirmIdentityRequestSchema,
    initialValues: { current_password: '' },
    rules: ({ current_password }) => (current_password ? {} : { current_password: M.confirmRequired }),
    // A message stays until the next try.
    clearInputErrorOnChange: false,
  });
  const { reset, setFieldError } = form;

  // Every opening starts empty: a password is never kept between confirmations.
  useEffect(() => {
    if (!opened) reset();
  }, [opened, reset]);

  // The refusal's message (a wrong password, a wrong code, the wait after too many) goes on the one field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per refusal, not per render.
  useEffect(() => {
    if (!refusal) return;
    const message = applyServerErrors(form, refusal.error, refusal.fallback, {
      fieldOf: () => 'current_password',
    });
    if (message) setFieldError('current_password', message);
  }, [refusal]);

  const send = form.onSubmit(({ current_password }) => onConfirm(current_password ?? ''));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) send(event);
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
            {...form.getInputProps('current_password')}
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
