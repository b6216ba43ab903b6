import { Alert, Button, Code, Group, Image, Modal, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TWO_FACTOR_MESSAGES as M,
  type TotpSetupResponse,
  totpVerifySetupRequestSchema,
} from '@trust/domain';
import { useVerifyTotpSetup } from '../../api/two-factor/verify-totp-setup.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

interface TotpSetupModalProps {
  setup: TotpSetupResponse | null;
  onClose: () => void;
}

/** 003 §2.11 / §4.3 authenticator setup: QR code and secret, six-digit entry, verify, enabled. */
export function TotpSetupModal({ setup, onClose }: TotpSetupModalProps) {
  // 003 §5: digits only, exactly 6 (the schema's message).
  const form = useZodForm({
    schema: totpVerifySetupRequestSchema,
    initialValues: { code: '' },
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const verify = useVerifyTotpSetup();
  // The six boxes show no text: the code's message is the alert's.
  const error = form.formError ?? form.errors.code ?? null;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ code }) =>
    verify.mutate(code, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: M.totpEnabled });
        close();
      },
      onError: (err) => {
        applyServerErrors(form, err, M.verifyFailed);
        form.setFieldValue('code', '');
      },
    }),
  );

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
              value={form.values.code}
              onChange={(value) => form.setFieldValue('code', value)}
              ariaLabel="Authenticator code digit"
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={verify.isPending}>
              Cancel
            </Button>
            <Button onClick={() => submit()} loading={verify.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
