import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { changePasswordErrors, PASSWORD_MESSAGES } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '../../api/account/change-password.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

/**
 * The profile's change-password section (003 §2.10, §5, §8). Submit is disabled while submitting or when the
 * confirmation differs; an inline 'Passwords do not match' shows under the confirmation.
 */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const mismatch = confirm !== '' && confirm !== next;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || mismatch) return;
    const body = { current_password: current, new_password: next, confirm_password: confirm };
    const found = changePasswordErrors(body);
    setErrors(found);
    change.reset();
    if (Object.keys(found).length > 0) return;
    change.mutate(body, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setConfirm('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };

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
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={Boolean(errors.current_password)}
        />
        <div>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={Boolean(errors.new_password)}
          />
          <PasswordStrengthMeter password={next} />
        </div>
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={mismatch ? PASSWORD_MESSAGES.mismatch : undefined}
        />
        <Button type="submit" disabled={change.isPending || mismatch} loading={change.isPending}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
