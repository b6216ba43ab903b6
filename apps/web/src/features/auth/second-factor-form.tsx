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
  verifyLoginRequestSchema,
} from '@trust/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useLogin } from '../../api/auth/login.ts';
import { useVerifyLogin } from '../../api/two-factor/verify-login.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

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
  // One code field: the six boxes, or the backup code's box (choosing a method clears it). The email is the
  // challenge's, added to the body; a server message for it has no input and shows in the alert.
  const form = useZodForm({
    schema: verifyLoginRequestSchema,
    initialValues: { code: '', remember_device: false },
    toInput: (values) => ({ email: challenge.email, ...values }),
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const [resent, setResent] = useState(false);
  const [masked, setMasked] = useState(challenge.phone_number_masked);
  const pinRoot = useRef<HTMLDivElement>(null);
  const backupRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyLogin();
  const resend = useLogin();

  const { code } = form.values;
  const isBackup = method === 'backup';
  const complete = isBackup ? code.trim() !== '' : /^\d{6}$/.test(code);
  // The form's one message place: the code's message (the six boxes show no text) or the alert's.
  const error = form.formError ?? Object.values(form.errors)[0] ?? null;

  const clearMessages = () => {
    form.clearErrors();
    form.setFormError(null);
  };

  const focusFirst = () => {
    if (isBackup) backupRef.current?.focus();
    else pinRoot.current?.querySelector('input')?.focus();
  };

  const send = form.onSubmit((body) =>
    verify.mutate(
      { method, body },
      {
        onSuccess: (response) => onSignedIn(response),
        onError: (err) => {
          applyServerErrors(form, err, M.verificationFailed);
          form.setFieldValue('code', '');
          // After the cleared boxes render.
          setTimeout(focusFirst, 0);
        },
      },
    ),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    // The spec's texts for an incomplete code (the schema only knows a blank one).
    if (!complete) {
      form.setFormError(null);
      form.setErrors({ code: isBackup ? M.verificationFailed : M.enterCompleteCode });
      return;
    }
    send(event);
  };

  const doResend = () => {
    if (resend.isPending) return;
    clearMessages();
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
          form.setFieldValue('code', '');
          setResent(true);
          focusFirst();
        },
        onError: () => form.setFormError(M.resendFailed),
      },
    );
  };

  const chooseMethod = (value: string) => {
    setMethod(value as TwoFactorMethod);
    form.setFieldValue('code', '');
    clearMessages();
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
            value={code}
            onChange={(event) => form.setFieldValue('code', event.currentTarget.value)}
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
              onChange={(value) => form.setFieldValue('code', value)}
              ariaLabel="Verification code digit"
              error={Boolean(error)}
            />
          </Group>
        )}
        <Checkbox
          label="Trust this device for 30 days"
          {...form.getInputProps('remember_device', { type: 'checkbox', withError: false })}
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
