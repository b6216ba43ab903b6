import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useLogin } from '../../api/auth/login.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';

interface SignInFormProps {
  /** Shows a Cancel button (the login modal); the /login page has none. */
  onCancel?: () => void;
  /** Called after a successful sign-in, before leaving for the stored tab. */
  onSignedIn?: () => void;
}

/** 003 §2.6 sign-in screen; §4.1 login flow (the two-factor and consent branches come later). */
export function SignInForm({ onCancel, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const { completeSignIn } = useAuth();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => {
          onSignedIn?.();
          completeSignIn(response);
        },
      },
    );
  };

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
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-autofocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
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
