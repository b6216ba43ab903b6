import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { forgotPasswordRequestSchema, isEmailAddress, PASSWORD_MESSAGES } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/account/forgot-password.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { AccountCard } from './account-card.tsx';

/**
 * /forgot-password (003 §2.9): on success or on any failure it shows 'Check Your Email' (003 §8: errors are
 * hidden), so the page never tells whether an address has an account.
 */
export function ForgotPasswordPage() {
  const form = useZodForm({
    schema: forgotPasswordRequestSchema,
    initialValues: { email: '' },
    toInput: (values) => ({ email: values.email.trim() }),
    rules: (values) => (isEmailAddress(values.email) ? {} : { email: PASSWORD_MESSAGES.invalidEmail }),
    // The message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const [sent, setSent] = useState(false);
  const forgot = useForgotPassword();
  const email = form.values.email;

  const send = form.onSubmit((body) => forgot.mutate(body, { onSettled: () => setSent(true) }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!forgot.isPending) send(event);
  };

  if (sent) {
    return (
      <AccountCard title={PASSWORD_MESSAGES.checkEmail}>
        <Alert color="teal" icon={<IconMail size={18} />}>
          If an account exists for {email.trim()}, we sent it a link to reset the password. The link expires
          in 1 hour.
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Forgot Password">
      <Text size="sm" c="dimmed">
        Enter the email address of your account and we will send you a link to reset your password.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
            data-autofocus
          />
          <Button type="submit" loading={forgot.isPending}>
            Send Reset Link
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AccountCard>
  );
}
