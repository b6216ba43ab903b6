import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { changePasswordErrors, changePasswordRequestSchema, PASSWORD_MESSAGES } from '@trust/domain';
import type { FormEvent } from 'react';
import { useChangePassword } from '../../api/account/change-password.ts';
import { errorText } from '../../api/errors.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

/**
 * The profile's change-password section (003 §2.10, §5, §8). Submit is disabled while submitting or when the
 * confirmation differs; an inline 'Passwords do not match' shows under the confirmation.
 */
export function ChangePasswordForm() {
  const form = useZodForm({
    schema: changePasswordRequestSchema,
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    rules: changePasswordErrors,
    // The messages stay until the next attempt: the alert above shows the first of them.
    clearInputErrorOnChange: false,
  });
  const change = useChangePassword();
  const { new_password: next, confirm_password: confirm } = form.values;
  const mismatch = confirm !== '' && confirm !== next;

  const send = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerErrors(form, error, PASSWORD_MESSAGES.changeFailed),
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || mismatch) return;
    change.reset();
    send(event);
  };

  const errors = form.errors;
  const formError = Object.values(errors)[0];
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        {change.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
            {PASSWORD_MESSAGES.changed}
          </Alert>
        )}
        {(change.isError || formError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {change.isError ? errorText(change.error, PASSWORD_MESSAGES.changeFailed) : formError}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
          error={Boolean(errors.current_password)}
        />
        <div>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
            error={Boolean(errors.new_password)}
          />
          <PasswordStrengthMeter password={next} />
        </div>
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm_password')}
          error={mismatch ? PASSWORD_MESSAGES.mismatch : undefined}
        />
        <Button type="submit" disabled={change.isPending || mismatch} loading={change.isPending}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
