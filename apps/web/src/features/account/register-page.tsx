import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  INVITATION_MESSAGES,
  type LoginResponse,
  registerWithInviteRequestSchema,
  registrationErrors,
} from '@trust/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterWithInvite } from '../../api/account/register-with-invite.ts';
import { useVerifyInvitation } from '../../api/account/verify-invitation.ts';
import { login } from '../../api/auth/login.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { AccountCard } from './account-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { REDIRECT_DELAY_MS } from './use-redirect-after.ts';

const ORG_ROLE_NAMES: Record<string, string> = {
  super_admin: 'Super Administrator',
  org_admin: 'Organization Administrator',
  manager: 'Manager',
  staff: 'Staff',
  viewer: 'Viewer',
};

function InvalidInvitation({ detail }: { detail: string }) {
  return (
    <AccountCard title={INVITATION_MESSAGES.invalidInvitationTitle}>
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {detail}
      </Alert>
      <Button component={Link} to="/login">
        Back to login
      </Button>
    </AccountCard>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /register?token=… (003 §2.9, 002 "User management"): the invitation is verified first; then password with
 * strength meter, confirmation, phone and the two agreements. After 'Account Created Successfully!' the user
 * is signed in with the same credentials (003 §4.4), or sent to /login?registered=true when sign-in needs a
 * second factor or fails.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const invitation = useVerifyInvitation(token);
  const register = useRegisterWithInvite();
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const form = useZodForm({
    schema: registerWithInviteRequestSchema,
    initialValues: {
      password: '',
      confirm_password: '',
      phone_number: '',
      terms_accepted: false,
      hipaa_accepted: false,
    },
    toInput: (values) => ({
      invitation_token: token ?? '',
      ...values,
      phone_number: values.phone_number.trim(),
    }),
    rules: (values) =>
      registrationErrors({ invitation_token: token, ...values, phone_number: values.phone_number.trim() }),
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const [done, setDone] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!token) return <InvalidInvitation detail={INVITATION_MESSAGES.tokenInvalid} />;
  if (invitation.isPending) {
    return (
      <AccountCard title="Create Your Account">
        <Loader aria-label="Checking your invitation" />
      </AccountCard>
    );
  }
  if (invitation.isError || !invitation.data) {
    return <InvalidInvitation detail={errorText(invitation.error, INVITATION_MESSAGES.tokenInvalid)} />;
  }
  const invited = invitation.data;

  const signInAfterwards = async (password: string) => {
    const [response] = await Promise.all([
      login({ email: invited.email, password }).catch(() => null),
      sleep(REDIRECT_DELAY_MS),
    ]);
    if (!mounted.current) return;
    const challenge = response as {
      requires_2fa?: boolean;
      consent_status?: { requires_consent?: boolean } | null;
    };
    if (response && challenge.requires_2fa !== true && challenge.consent_status?.requires_consent !== true) {
      completeSignIn(response as LoginResponse);
    } else {
      navigate('/login?registered=true');
    }
  };

  const send = form.onSubmit((body) =>
    register.mutate(body, {
      onSuccess: () => {
        setDone(true);
        void signInAfterwards(body.password ?? '');
      },
      onError: (error) => applyServerErrors(form, error, INVITATION_MESSAGES.registrationFailed),
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!register.isPending) send(event);
  };

  if (done) {
    return (
      <AccountCard title={INVITATION_MESSAGES.accountCreated}>
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          Welcome to {invited.organization_name}. Signing you in…
        </Alert>
      </AccountCard>
    );
  }

  const { terms_accepted: terms, hipaa_accepted: hipaa } = form.values;
  return (
    <AccountCard title="Create Your Account">
      <Text size="sm">
        {invited.name} ({invited.email}) is invited to join <strong>{invited.organization_name}</strong> as{' '}
        {ORG_ROLE_NAMES[invited.role] ?? invited.role}.
      </Text>
      {invited.existing_account && (
        <Alert color="blue">
          An account with this email address already exists. Enter its password to join this organization.
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <Stack gap="md">
          {/* The server's refusal, or a field message no input shows (the invitation's). */}
          {form.formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label="Name" value={invited.name} readOnly />
          <TextInput label="Email" value={invited.email} readOnly />
          <div>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <PasswordStrengthMeter password={form.values.password} />
          </div>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
          />
          <TextInput
            label="Phone number"
            description="Used for two-factor authentication"
            type="tel"
            autoComplete="tel"
            required
            {...form.getInputProps('phone_number')}
          />
          <Checkbox
            {...form.getInputProps('terms_accepted', { type: 'checkbox' })}
            label={
              <>
                I accept the{' '}
                <Anchor href="/terms" target="_blank" rel="noopener noreferrer">
                  Terms of Service
                </Anchor>
              </>
            }
          />
          <Checkbox
            {...form.getInputProps('hipaa_accepted', { type: 'checkbox' })}
            label={
              <>
                I accept the{' '}
                <Anchor href="/hipaa" target="_blank" rel="noopener noreferrer">
                  HIPAA Agreement
                </Anchor>
              </>
            }
          />
          <Button
            type="submit"
            disabled={!terms || !hipaa || register.isPending}
            loading={register.isPending}
          >
            Create Account
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
