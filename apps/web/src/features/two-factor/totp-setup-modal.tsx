import { Alert, Button, Code, Group, Image, Modal, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TWO_FACTOR_MESSAGES as M, type TotpSetupResponse } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useVerifyTotpSetup } from '../../api/two-factor/verify-totp-setup.ts';

interface TotpSetupModalProps {
  setup: TotpSetupResponse | null;
  onClose: () => void;
}

/** 003 §2.11 / §4.3 authenticator setup: QR code and secret, six-digit entry, verify, enabled. */
export function TotpSetupModal({ setup, onClose }: TotpSetupModalProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyTotpSetup();

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  const submit = () => {
    // 003 §5: digits only, exactly 6.
    if (!/^\d{6}$/.test(code)) {
      setError(M.sixDigitCode);
      return;
    }
    setError(null);
    verify.mutate(code, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: M.totpEnabled });
        close();
      },
      onError: (err) => {
        setError(errorText(err, M.verifyFailed));
        setCode('');
      },
    });
  };

  return (
    <Modal opened={setup !== null} onClose={close} title="Set up authenticator app" centered>
      {setup && (
        <Stack gap="md">
          <Text size="sm">
            Scan this QR code with your authenticator app, or enter the secret by hand, then type the 6-digit
            code it shows.
          </Text>
          <Group justify="center">
            <Image src={setup.qr_code} alt="QR code for your authenticator app" w={200} h={200} />
          </Group>
          <Text size="sm">
            Secret: <Code data-testid="totp-secret">{setup.secret}</Code>
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="center">
            <PinInput
              length={6}
              type="number"
              inputMode="numeric"
              oneTimeCode
              placeholder=""
              value={code}
              onChange={setCode}
              ariaLabel="Authenticator code digit"
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={verify.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={verify.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
