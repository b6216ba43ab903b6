import { Badge, Button, Divider, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type BackupCodesResponse,
  TWO_FACTOR_MESSAGES as M,
  type PreferredMethod,
  type TotpSetupResponse,
  type TrustedDevice,
} from '@trust/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useDisableSms } from '../../api/two-factor/disable-sms.ts';
import { useDisableTotp } from '../../api/two-factor/disable-totp.ts';
import { useEnableSms } from '../../api/two-factor/enable-sms.ts';
import { useGenerateBackupCodes } from '../../api/two-factor/generate-backup-codes.ts';
import { useTwoFactorMethods } from '../../api/two-factor/get-methods.ts';
import { useTrustedDevices } from '../../api/two-factor/get-trusted-devices.ts';
import { useRevokeAllTrustedDevices } from '../../api/two-factor/revoke-all-trusted-devices.ts';
import { useRevokeTrustedDevice } from '../../api/two-factor/revoke-trusted-device.ts';
import { useSetPreferredMethod } from '../../api/two-factor/set-preferred-method.ts';
import { useSetupTotp } from '../../api/two-factor/setup-totp.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatRelativeTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { BackupCodesModal } from './backup-codes-modal.tsx';
import { ConfirmPasswordDialog, type Refusal } from './confirm-password-dialog.tsx';
import { TotpSetupModal } from './totp-setup-modal.tsx';

type Confirm = 'revoke-all' | { device: number; name: string } | null;
/** Changes of the second factor: confirmed with the current password (issue #12). */
type Guarded =
  | 'setup-totp'
  | 'disable-totp'
  | 'disable-sms'
  | 'generate'
  | 'regenerate'
  | { preferred: PreferredMethod }
  | null;

const ok = (message: string) => notifications.show({ color: 'teal', message });
const fail = (message: string) => notifications.show({ color: 'red', message });

function Section({ title, status, children }: { title: string; status?: boolean; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        {status !== undefined && (
          <Badge color={status ? 'teal' : 'gray'} variant="light">
            {status ? 'Enabled' : 'Disabled'}
          </Badge>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** 003 §2.11 two-factor settings (in the profile panel). */
export function TwoFactorSettings() {
  const methods = useTwoFactorMethods();
  const devices = useTrustedDevices();
  const enableSms = useEnableSms();
  const disableSms = useDisableSms();
  const setupTotp = useSetupTotp();
  const disableTotp = useDisableTotp();
  const generate = useGenerateBackupCodes();
  const revokeOne = useRevokeTrustedDevice();
  const revokeAll = useRevokeAllTrustedDevices();
  const preferred = useSetPreferredMethod();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<BackupCodesResponse | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [guarded, setGuarded] = useState<Guarded>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // 003 §8: a failure to load the trusted devices is logged only.
  useEffect(() => {
    if (devices.error) console.error(M.loadDevicesFailed, devices.error);
  }, [devices.error]);

  if (methods.isPending) return <Loader size="sm" aria-label="Loading two-factor settings" />;
  if (methods.isError) {
    return (
      <LoadErrorAlert
        error={methods.error}
        title={M.loadSettingsFailed}
        message={errorText(methods.error, M.loadMethodsFailed)}
        onRetry={() => void methods.refetch()}
      />
    );
  }
  const m = methods.data;

  const toggleSms = () => {
    if (m.sms_enabled) {
      openGuarded('disable-sms');
      return;
    }
    enableSms.mutate(undefined, {
      onSuccess: (answer) => ok(answer.message),
      onError: (err) => fail(errorText(err, M.smsEnableFailed)),
    });
  };

  function openGuarded(what: Guarded) {
    setRefusal(null);
    setGuarded(what);
  }

  const closeGuarded = () => {
    setGuarded(null);
    setRefusal(null);
  };

  /**
   * A refused password (400) or too many tries (429) stays in the dialog, on the field; any other failure
   * closes it with the screen's own message (003 §8).
   */
  const guardedFailure = (fallback: string) => (err: unknown) => {
    if (err instanceof ApiError && (err.status === 400 || err.status === 429)) {
      setRefusal({ error: err, fallback });
      return;
    }
    closeGuarded();
    fail(errorText(err, fallback));
  };

  const onGuardedConfirm = (password: string) => {
    const confirmation = { current_password: password };
    if (guarded === 'setup-totp') {
      setupTotp.mutate(confirmation, {
        onSuccess: (answer) => {
          closeGuarded();
          setSetup(answer);
        },
        onError: guardedFailure(M.setupFailed),
      });
    } else if (guarded === 'disable-totp') {
      disableTotp.mutate(confirmation, {
        onSuccess: () => {
          closeGuarded();
          ok(M.totpDisabled);
        },
        onError: guardedFailure(M.disableFailed),
      });
    } else if (guarded === 'disable-sms') {
      disableSms.mutate(confirmation, {
        onSuccess: (answer) => {
          closeGuarded();
          ok(answer.message);
        },
        onError: guardedFailure(M.smsDisableFailed),
      });
    } else if (guarded === 'generate' || guarded === 'regenerate') {
      generate.mutate(confirmation, {
        onSuccess: (answer) => {
          closeGuarded();
          ok(M.codesGenerated);
          setCodes(answer);
        },
        onError: guardedFailure(M.generateFailed),
      });
    } else if (guarded) {
      preferred.mutate(
        { method: guarded.preferred, ...confirmation },
        {
          onSuccess: (answer) => {
            closeGuarded();
            ok(answer.message);
          },
          onError: guardedFailure(M.preferredFailed),
        },
      );
    }
  };

  const startSetup = () => openGuarded('setup-totp');

  const onConfirm = () => {
    if (confirm === 'revoke-all') {
      revokeAll.mutate(undefined, {
        onSuccess: () => ok(M.allDevicesRevoked),
        onError: (err) => fail(errorText(err, M.revokeAllFailed)),
        onSettled: () => setConfirm(null),
      });
    } else if (confirm) {
      revokeOne.mutate(confirm.device, {
        onSuccess: () => ok(M.deviceRevoked),
        onError: (err) => fail(errorText(err, M.revokeFailed)),
        onSettled: () => setConfirm(null),
      });
    }
  };

  const confirmText =
    confirm === 'revoke-all'
      ? {
          title: 'Revoke all trusted devices',
          message: 'Every trusted device will have to enter a code at the next sign-in. Continue?',
          label: 'Revoke all',
        }
      : confirm
        ? {
            title: 'Revoke trusted device',
            message: `${confirm.name} will have to enter a code at the next sign-in. Continue?`,
            label: 'Revoke',
          }
        : null;

  const guardedText =
    guarded === 'setup-totp'
      ? {
          title: 'Confirm it is you',
          message: 'Enter your password to set up an authenticator app for signing in.',
          label: 'Continue',
          danger: false,
        }
      : guarded === 'disable-totp'
        ? {
            title: 'Disable authenticator app',
            message: 'Sign-in will no longer accept codes from your authenticator app. Continue?',
            label: 'Disable',
            danger: true,
          }
        : guarded === 'disable-sms'
          ? {
              title: 'Disable SMS authentication',
              message: 'Sign-in will no longer send codes by text message. Continue?',
              label: 'Disable',
              danger: true,
            }
          : guarded === 'regenerate'
            ? {
                title: 'Regenerate backup codes',
                message: M.regenerateConfirm,
                label: 'Continue',
                danger: true,
              }
            : guarded === 'generate'
              ? {
                  title: 'Generate backup codes',
                  message:
                    'Backup codes let you sign in when you cannot receive a code. Enter your password to create them.',
                  label: 'Generate',
                  danger: false,
                }
              : guarded
                ? {
                    title: 'Change preferred method',
                    message: `Codes will be asked for by ${guarded.preferred === 'sms' ? 'SMS' : 'the authenticator app'} first. Continue?`,
                    label: 'Save',
                    danger: false,
                  }
                : null;

  const deviceList = devices.data?.devices ?? [];
  const deviceColumns: DataTableColumn<TrustedDevice>[] = [
    { key: 'device', header: 'Device', cell: (d) => d.device_name },
    { key: 'last-used', header: 'Last used', cell: (d) => formatRelativeTime(d.last_used) },
    { key: 'ip', header: 'IP address', cell: (d) => d.ip_address ?? '—' },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (d) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Revoke ${d.device_name}`}
          onClick={() => setConfirm({ device: d.id, name: d.device_name })}
        >
          Revoke
        </Button>
      ),
    },
  ];
  const enabledPreferred: PreferredMethod[] = [
    ...(m.sms_enabled ? (['sms'] as const) : []),
    ...(m.totp_enabled ? (['totp'] as const) : []),
  ];

  return (
    <Stack gap="lg">
      <Section title="SMS Authentication" status={m.sms_enabled}>
        <Text size="sm" c="dimmed">
          {m.has_phone
            ? 'Receive a 6-digit code by text message when you sign in.'
            : 'Add a phone number to your profile to receive codes by text message.'}
        </Text>
        <Group>
          <Button
            variant={m.sms_enabled ? 'default' : 'filled'}
            onClick={toggleSms}
            disabled={!m.sms_enabled && !m.has_phone}
            loading={enableSms.isPending}
          >
            {m.sms_enabled ? 'Disable SMS' : 'Enable SMS'}
          </Button>
        </Group>
      </Section>
      <Divider />

      <Section title="Authenticator App" status={m.totp_enabled}>
        <Text size="sm" c="dimmed">
          Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) to get codes
          without a phone signal.
        </Text>
        <Group>
          {m.totp_enabled ? (
            <Button variant="default" color="red" onClick={() => openGuarded('disable-totp')}>
              Disable authenticator app
            </Button>
          ) : (
            <Button onClick={startSetup} loading={setupTotp.isPending}>
              Set up authenticator app
            </Button>
          )}
        </Group>
      </Section>
      <Divider />

      <Section title="Backup Codes">
        <Text size="sm" c="dimmed">
          {m.backup_codes_count > 0
            ? `${m.backup_codes_count} unused backup code${m.backup_codes_count === 1 ? '' : 's'} remaining. Each code can be used once.`
            : 'Backup codes let you sign in when you cannot receive a code. Each code can be used once.'}
        </Text>
        <Group>
          <Button
            variant="default"
            onClick={() => openGuarded(m.backup_codes_count > 0 ? 'regenerate' : 'generate')}
          >
            {m.backup_codes_count > 0 ? 'Regenerate backup codes' : 'Generate backup codes'}
          </Button>
        </Group>
      </Section>
      <Divider />

      <Section title="Trusted Devices">
        <DataTable<TrustedDevice>
          label="Trusted devices"
          columns={deviceColumns}
          // 003 §8: a failure to load the devices is logged only; the list then reads as empty.
          rows={devices.isError ? [] : devices.data?.devices}
          rowKey={(d) => d.id}
          loadingLabel="Loading trusted devices"
          empty="No trusted devices. Choose 'Trust this device for 30 days' when you sign in to skip the code on that device."
          minWidth={480}
        />
        {deviceList.length > 0 && (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirm('revoke-all')}>
              Revoke all devices
            </Button>
          </Group>
        )}
      </Section>

      {(m.sms_enabled || m.totp_enabled) && (
        <>
          <Divider />
          <Section title="Preferred Method">
            <SegmentedControl
              aria-label="Preferred method"
              value={m.preferred_method ?? enabledPreferred[0] ?? 'sms'}
              onChange={(value) => openGuarded({ preferred: value as PreferredMethod })}
              data={enabledPreferred.map((p) => ({
                value: p,
                label: p === 'sms' ? 'SMS' : 'Authenticator app',
              }))}
            />
          </Section>
        </>
      )}

      <TotpSetupModal setup={setup} onClose={() => setSetup(null)} />
      <BackupCodesModal result={codes} onClose={() => setCodes(null)} />
      <ConfirmDialog
        opened={confirmText !== null}
        danger
        title={confirmText?.title ?? ''}
        message={confirmText?.message ?? ''}
        confirmLabel={confirmText?.label ?? ''}
        busy={revokeAll.isPending || revokeOne.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmPasswordDialog
        opened={guardedText !== null}
        danger={guardedText?.danger}
        title={guardedText?.title ?? ''}
        message={guardedText?.message ?? ''}
        confirmLabel={guardedText?.label ?? ''}
        busy={
          setupTotp.isPending ||
          disableTotp.isPending ||
          disableSms.isPending ||
          generate.isPending ||
          preferred.isPending
        }
        refusal={refusal}
        onConfirm={onGuardedConfirm}
        onCancel={closeGuarded}
      />
    </Stack>
  );
}
