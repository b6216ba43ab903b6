import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type LoginChallenge, type LoginResponse, loginRequestSchema, MESSAGES } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useLogin } from '../../api/auth/login.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

interface SignInFormProps {
  /** Shows a Cancel button (the login modal); the /login page has none. */
  onCancel?: () => void;
  /** Called after a successful sign-in, before leaving for the stored tab. */
  onSignedIn?: () => void;
}

/**
 * 003 §2.6 sign-in screen; §4.1 login flow: a `requires_2fa` answer shows the second-factor screen (§2.7);
 * every session, with or without a second factor, completes through `completeSignIn`, which runs the consent
 * check (§4.1 step 3).
 */
export function SignInForm({ onCancel, onSignedIn }: SignInFormProps) {
  const form = useZodForm({ schema: loginRequestSchema, initialValues: { email: '', password: '' } });
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const login = useLogin();
  const { completeSignIn } = useAuth();

  const signedIn = (response: LoginResponse) => {
    onSignedIn?.();
    completeSignIn(response);
  };

  const send = form.onSubmit((body) =>
    login.mutate(body, {
      onSuccess: (response) => {
        if (response.requires_2fa) setChallenge(response);
        else signedIn(response);
      },
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!login.isPending) send(event);
  };

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        password={form.values.password}
        onSignedIn={signedIn}
        onCancel={() => {
          // 003 §4.1: Cancel returns to the credential form and clears the fields.
          setChallenge(null);
          form.reset();
          login.reset();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby="sign-in-title">
      <Stack gap="md">
        <Title order={2} id="sign-in-title" size="h3">
          Sign in to your account
        </Title>
        {login.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(login.error, MESSAGES.loginFailedRetry)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
          // The form is loaded when the sign-in dialog first opens, after the dialog has focused its first
          // control (×): data-autofocus serves every later opening, autoFocus the first.
          data-autofocus
          autoFocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to="/forgot-password" size="sm" onClick={onCancel}>
          Forgot your password?
        </Anchor>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={login.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
