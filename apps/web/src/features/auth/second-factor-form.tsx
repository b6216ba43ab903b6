import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PinInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type LoginChallenge,
  type LoginResponse,
  TWO_FACTOR_MESSAGES as M,
  type TwoFactorMethod,
} from '@trust/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useLogin } from '../../api/auth/login.ts';
import { errorText } from '../../api/errors.ts';
import { useVerifyLogin } from '../../api/two-factor/verify-login.ts';

const METHOD_LABELS: Record<TwoFactorMethod, string> = {
  sms: 'SMS',
  totp: 'Authenticator app',
  backup: 'Backup code',
};

interface SecondFactorFormProps {
  challenge: LoginChallenge;
  /** The password of the credential step, for Resend (003 §4.1: resend repeats the login call). */
  password: string;
  /** 003 §4.1: back to the credential form, fields cleared. */
  onCancel: () => void;
  /** The session after a verified second factor (or after a resend that needed none). */
  onSignedIn: (response: LoginResponse) => void;
}

/** 003 §2.7 second-factor screen; §4.3: on failure the boxes clear and focus returns to the first box. */
export function SecondFactorForm({ challenge, password, onCancel, onSignedIn }: SecondFactorFormProps) {
  const methods = challenge.available_methods;
  const [method, setMethod] = useState<TwoFactorMethod>(
    methods.includes('sms') ? 'sms' : (methods[0] ?? 'sms'),
  );
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [masked, setMasked] = useState(challenge.phone_number_masked);
  const pinRoot = useRef<HTMLDivElement>(null);
  const backupRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyLogin();
  const resend = useLogin();

  const isBackup = method === 'backup';
  const complete = isBackup ? backupCode.trim() !== '' : /^\d{6}$/.test(code);

  const focusFirst = () => {
    if (isBackup) backupRef.current?.focus();
    else pinRoot.current?.querySelector('input')?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (!complete) {
      setError(isBackup ? M.verificationFailed : M.enterCompleteCode);
      return;
    }
    setError(null);
    verify.mutate(
      {
        method,
        body: {
          email: challenge.email,
          code: isBackup ? backupCode.trim() : code,
          remember_device: remember,
        },
      },
      {
        onSuccess: (response) => onSignedIn(response),
        onError: (err) => {
          setError(errorText(err, M.verificationFailed));
          setCode('');
          setBackupCode('');
          // After the cleared boxes render.
          setTimeout(focusFirst, 0);
        },
      },
    );
  };

  const doResend = () => {
    if (resend.isPending) return;
    setError(null);
    setResent(false);
    resend.mutate(
      { email: challenge.email, password },
      {
        onSuccess: (answer) => {
          if (!answer.requires_2fa) {
            onSignedIn(answer);
            return;
          }
          setMasked(answer.phone_number_masked);
          setCode('');
          setResent(true);
          focusFirst();
        },
        onError: () => setError(M.resendFailed),
      },
    );
  };

  const chooseMethod = (value: string) => {
    setMethod(value as TwoFactorMethod);
    setCode('');
    setBackupCode('');
    setError(null);
  };

  return (
    <form onSubmit={submit} aria-labelledby="second-factor-title" noValidate>
      <Stack gap="md">
        <Title order={2} id="second-factor-title" size="h3">
          Two-Factor Authentication
        </Title>
        {methods.length > 1 && (
          <SegmentedControl
            fullWidth
            aria-label="Verification method"
            value={method}
            onChange={chooseMethod}
            data={methods.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          />
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {method === 'sms' &&
            (masked
              ? `Enter the 6-digit code sent to ${masked}.`
              : 'Enter the 6-digit code sent to your phone.')}
          {method === 'totp' && 'Enter the 6-digit code from your authenticator app.'}
          {method === 'backup' && 'Enter one of your backup codes (XXXX-XXXX-XXXX-XXXX).'}
        </Text>
        {resent && method === 'sms' && (
          <Text size="sm" c="teal" role="status">
            A new code has been sent.
          </Text>
        )}
        {isBackup ? (
          <TextInput
            ref={backupRef}
            label="Backup code"
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="one-time-code"
            value={backupCode}
            onChange={(event) => setBackupCode(event.currentTarget.value)}
            maxLength={24}
            data-autofocus
          />
        ) : (
          <Group justify="center">
            <PinInput
              key={method}
              rootRef={pinRoot}
              length={6}
              type="number"
              inputMode="numeric"
              oneTimeCode
              autoFocus
              placeholder=""
              value={code}
              onChange={setCode}
              ariaLabel="Verification code digit"
              error={Boolean(error)}
            />
          </Group>
        )}
        <Checkbox
          label="Trust this device for 30 days"
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        {method === 'sms' && (
          <Anchor component="button" type="button" size="sm" onClick={doResend} disabled={resend.isPending}>
            Resend
          </Anchor>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={verify.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete || verify.isPending} loading={verify.isPending}>
            Verify & Login
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
