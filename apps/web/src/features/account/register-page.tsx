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
import { INVITATION_MESSAGES, type LoginResponse, registrationErrors } from '@trust/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterWithInvite } from '../../api/account/register-with-invite.ts';
import { useVerifyInvitation } from '../../api/account/verify-invitation.ts';
import { login } from '../../api/auth/login.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [phone, setPhone] = useState('');
  const [terms, setTerms] = useState(false);
  const [hipaa, setHipaa] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const signInAfterwards = async () => {
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const body = {
      invitation_token: token,
      password,
      confirm_password: confirm,
      phone_number: phone.trim(),
      terms_accepted: terms,
      hipaa_accepted: hipaa,
    };
    const found = registrationErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    register.mutate(body, {
      onSuccess: () => {
        setDone(true);
        void signInAfterwards();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
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

  const fieldErrorShown = register.error instanceof ApiError && register.error.fields;
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
          {register.isError && !fieldErrorShown && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(register.error, INVITATION_MESSAGES.registrationFailed)}
            </Alert>
          )}
          {errors.invitation_token && (
            <Alert color="red" role="alert">
              {errors.invitation_token}
            </Alert>
          )}
          <TextInput label="Name" value={invited.name} readOnly />
          <TextInput label="Email" value={invited.email} readOnly />
          <div>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <PasswordStrengthMeter password={password} />
          </div>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm_password}
          />
          <TextInput
            label="Phone number"
            description="Used for two-factor authentication"
            type="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone_number}
          />
          <Checkbox
            checked={terms}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            error={errors.terms_accepted}
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
            checked={hipaa}
            onChange={(e) => setHipaa(e.currentTarget.checked)}
            error={errors.hipaa_accepted}
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
