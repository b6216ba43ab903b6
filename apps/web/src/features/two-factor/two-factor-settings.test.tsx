import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { backupCodesFileText } from './backup-codes-file.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';

const methods = (overrides: Record<string, unknown> = {}) => ({
  sms_enabled: false,
  totp_enabled: false,
  backup_codes_count: 0,
  trusted_devices_count: 0,
  preferred_method: null,
  has_phone: true,
  ...overrides,
});

const devices = {
  devices: [
    {
      id: 4,
      device_name: 'Chrome on macOS',
      last_used: new Date().toISOString(),
      ip_address: '10.0.0.8',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  ],
};

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-${String(i).padStart(4, '0')}`);

function render() {
  return renderWithProviders(
    <>
      <Notifications />
      <TwoFactorSettings />
    </>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  // The notifications store is global; a test must not inherit the previous test's queue.
  notifications.clean();
});

describe('TwoFactorSettings (003 §2.11, §4.3, §8)', { timeout: 20_000 }, () => {
  it('shows the sections, without Preferred Method while nothing is enabled', async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods()),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
    });
    render();
    for (const title of ['SMS Authentication', 'Authenticator App', 'Backup Codes', 'Trusted Devices']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Preferred Method' })).not.toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => new Response('x', { status: 500 }),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load 2FA settings');
    expect(alert).toHaveTextContent('Failed to load 2FA methods');
  });

  it('sets up the authenticator app: QR, secret, 6-digit check, server detail, success', async () => {
    let verifyCalls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods()),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/totp/setup': () =>
        jsonResponse(200, {
          qr_code: 'data:image/png;base64,AAAA',
          secret: 'JBSWY3DPEHPK3PXP',
        }),
      'POST /api/auth/2fa/totp/verify-setup': () => {
        verifyCalls += 1;
        return verifyCalls === 1
          ? errorResponse(400, 'Invalid code', 'bad_request')
          : jsonResponse(200, { ok: true, message: 'Authenticator app enabled successfully!' });
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    // Issue #12: the password first (whoever holds the app signs in), then the QR code.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(confirm).getByLabelText(/Current password/), 'my-password');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const [setupCall] = callsTo(fetchMock, 'POST', '/api/auth/2fa/totp/setup');
    expect(JSON.parse(String(setupCall?.[1]?.body))).toEqual({ current_password: 'my-password' });
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    const boxes = within(dialog).getAllByLabelText('Authenticator code digit');
    await user.click(boxes[0]!);
    await user.paste('12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a 6-digit code');
    expect(verifyCalls).toBe(0);

    await user.click(boxes[0]!);
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid code')).toBeInTheDocument();

    await user.click(boxes[0]!);
    await user.paste('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authenticator app enabled successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message for the code of the authenticator setup", async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods()),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/totp/setup': () =>
        jsonResponse(200, { qr_code: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' }),
      'POST /api/auth/2fa/totp/verify-setup': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. code: This code has already been used',
          message: 'Invalid body. code: This code has already been used',
          error: 'Invalid body. code: This code has already been used',
          fields: { code: 'This code has already been used' },
        }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(confirm).getByLabelText(/Current password/), 'my-password');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    const boxes = within(dialog).getAllByLabelText('Authenticator code digit');
    await user.click(boxes[0]!);
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^This code has already been used$/);
    for (const box of boxes) expect(box).toHaveValue('');
  });

  it("reports 'Failed to setup authenticator app'", async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods()),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/totp/setup': () => new Response('x', { status: 500 }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(confirm).getByLabelText(/Current password/), 'my-password');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to setup authenticator app')).toBeInTheDocument();
  });

  it('changes the preferred method and disables the authenticator only with the current password (issue #12)', async () => {
    let disableCalls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/2fa/methods': () =>
        jsonResponse(200, methods({ sms_enabled: true, totp_enabled: true, preferred_method: 'totp' })),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/totp/disable': () => {
        disableCalls += 1;
        return disableCalls === 1
          ? jsonResponse(400, {
              code: 'bad_request',
              detail: 'Current password is incorrect',
              message: 'Current password is incorrect',
              error: 'Current password is incorrect',
              fields: { current_password: 'Current password is incorrect' },
            })
          : jsonResponse(200, { ok: true, message: 'Authenticator app disabled' });
      },
      'PUT /api/auth/2fa/preferred-method': () =>
        jsonResponse(200, { ok: true, message: 'Preferred method updated' }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Preferred Method' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    const prefDialog = await screen.findByRole('dialog');
    expect(prefDialog).toHaveTextContent('Change preferred method');
    // Nothing is sent without the password.
    await user.click(within(prefDialog).getByRole('button', { name: 'Save' }));
    expect(
      within(prefDialog).getByText('Enter your current password to confirm this change'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/auth/2fa/preferred-method')).toHaveLength(0);
    await user.type(within(prefDialog).getByLabelText(/Current password/), 'my-password');
    await user.click(within(prefDialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preferred method updated')).toBeInTheDocument();
    const [put] = callsTo(fetchMock, 'PUT', '/api/auth/2fa/preferred-method');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ method: 'sms', current_password: 'my-password' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Disable authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(/Current password/);
    await user.type(field, 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    // The server's refusal shows on the field; the dialog stays open and nothing is reported as done.
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.queryByText('Authenticator app disabled')).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Authenticator app disabled')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', '/api/auth/2fa/totp/disable');
    expect(calls).toHaveLength(2);
    expect(JSON.parse(String(calls[1]?.[1]?.body))).toEqual({ current_password: 'my-password' });
  });

  it('disables SMS with the current password and shows the wait after too many tries', async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods({ sms_enabled: true })),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/sms/disable': () => {
        calls += 1;
        return calls === 1
          ? errorResponse(
              429,
              'Too many incorrect attempts. Please wait 12 minutes and try again.',
              'rate_limited',
            )
          : jsonResponse(200, { ok: true, message: 'SMS authentication disabled' });
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable SMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disable SMS authentication');
    await user.type(within(dialog).getByLabelText(/Current password/), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(
      await within(dialog).findByText('Too many incorrect attempts. Please wait 12 minutes and try again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('SMS authentication disabled')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/auth/2fa/sms/disable')).toHaveLength(2);
  });

  it('regenerates backup codes after confirmation, copies and downloads them', async () => {
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods({ backup_codes_count: 3 })),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/backup-codes/generate': () =>
        jsonResponse(200, { codes: CODES, generated_at: '2026-03-01T10:00:00.000Z' }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(/3 unused backup codes remaining/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regenerate backup codes' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('This will invalidate all existing backup codes. Continue?');
    await user.type(within(confirm).getByLabelText(/Current password/), 'my-password');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Backup codes generated successfully')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    // user-event's clipboard stub stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(await screen.findByText('Backup codes copied to clipboard')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(clickSpy).toHaveBeenCalled();
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toMatch(/^text\/plain/);
    const link = clickSpy.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('trust-marketplace-backup-codes.txt');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toContain('Generated:');
    expect(text).toContain(CODES[9]);
    expect(text).toContain('Each code can be used only once.');
  });

  it('writes the generation time and the single-use note into the file', () => {
    const text = backupCodesFileText(['A'], '2026-03-01T10:00:00.000Z');
    expect(text).toContain(`Generated: ${new Date('2026-03-01T10:00:00.000Z').toLocaleString()}`);
    expect(text).toMatch(/used only once/);
  });

  it("reports 'Failed to generate backup codes'", async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods()),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
      'POST /api/auth/2fa/backup-codes/generate': () => new Response('x', { status: 500 }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate backup codes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Current password/), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed to generate backup codes')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('revokes one device and all devices after confirmation, and reports failures', async () => {
    let oneFails = true;
    const fetchMock = mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods({ trusted_devices_count: 1 })),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, devices),
      'DELETE /api/auth/2fa/trusted-devices/4': () =>
        oneFails
          ? new Response('x', { status: 500 })
          : jsonResponse(200, { ok: true, message: 'Device revoked successfully' }),
      'DELETE /api/auth/2fa/trusted-devices': () =>
        jsonResponse(200, { ok: true, message: 'All trusted devices revoked' }),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Trusted devices', busy: false });
    expect(table).toHaveTextContent('Chrome on macOS');
    expect(table).toHaveTextContent('10.0.0.8');
    expect(table).toHaveTextContent('Just now');

    await user.click(screen.getByRole('button', { name: 'Revoke Chrome on macOS' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Failed to revoke device')).toBeInTheDocument();

    oneFails = false;
    await user.click(screen.getByRole('button', { name: 'Revoke Chrome on macOS' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Device revoked successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/2fa/trusted-devices/4')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Revoke all devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke all' }));
    expect(await screen.findByText('All trusted devices revoked')).toBeInTheDocument();
  });

  it('enables SMS, and cannot without a phone number', async () => {
    mockFetch({
      'GET /api/auth/2fa/methods': () => jsonResponse(200, methods({ has_phone: false })),
      'GET /api/auth/2fa/trusted-devices': () => jsonResponse(200, { devices: [] }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Enable SMS' })).toBeDisabled();
  });
});
