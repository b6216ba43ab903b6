import { Alert, Center, Paper, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { readLastTab } from '../../app/navigation/last-tab.ts';
import { afterLoginPath } from '../../app/navigation/start-rules.ts';
import { SignInForm } from './sign-in-form.tsx';

/** /login: the sign-in screen as a page, the redirect target after registration and password reset (003 §2.1). */
export function LoginPage() {
  const [params] = useSearchParams();
  const { status } = useAuth();
  if (status === 'signed-in') return <Navigate to={afterLoginPath(readLastTab())} replace />;

  const notice =
    params.get('registered') === 'true'
      ? 'Your account is ready. Sign in to continue.'
      : params.get('reset') === 'true'
        ? 'Your password has been reset. Sign in with your new password.'
        : null;

  return (
    <Center py={{ base: 'md', sm: 'xl' }}>
      <Stack w="100%" maw={420} gap="md">
        {notice && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            {notice}
          </Alert>
        )}
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <SignInForm />
        </Paper>
      </Stack>
    </Center>
  );
}
