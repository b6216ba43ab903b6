import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { PASSWORD_MESSAGES, resetPasswordErrors, resetPasswordRequestSchema } from '@trust/domain';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/account/reset-password.ts';
import { errorText } from '../../api/errors.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { AccountCard } from './account-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

/**
 * /reset-password?token=… (003 §2.9, 002 "User management"): new password and confirmation; success shows
 * 'Password Reset Successfully!' and goes to /login?reset=true after 2 seconds.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm({
    schema: resetPasswordRequestSchema,
    initialValues: { new_password: '', confirm_password: '' },
    toInput: (values) => ({ reset_token: token ?? '', ...values }),
    rules: (values) => resetPasswordErrors({ reset_token: token, ...values }),
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  useRedirectAfter(reset.isSuccess, () => navigate('/login?reset=true'));

  if (!token) {
    return (
      <AccountCard title="Invalid Reset Link">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {PASSWORD_MESSAGES.resetLinkInvalid}
        </Alert>
        <Button component={Link} to="/forgot-password">
          Request New Link
        </Button>
      </AccountCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AccountCard title={PASSWORD_MESSAGES.resetDone}>
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          Your password has been changed. Taking you to sign in…
        </Alert>
      </AccountCard>
    );
  }

  const send = form.onSubmit((body) =>
    reset.mutate(body, {
      onError: (error) => applyServerErrors(form, error, PASSWORD_MESSAGES.resetFailed),
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reset.isPending) send(event);
  };

  return (
    <AccountCard title="Reset Password">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          {reset.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(reset.error, PASSWORD_MESSAGES.resetFailed)}{' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                Request New Link
              </Anchor>
            </Alert>
          )}
          <div>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <PasswordStrengthMeter password={form.values.new_password} />
          </div>
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
