import { useMutation } from '@tanstack/react-query';
import type { TwoFactorLoginResponse, TwoFactorMethod, VerifyLoginRequest } from '@trust/domain';
import { saveDeviceToken } from '../auth/device-token.ts';
import { apiRequest } from '../client.ts';

/** 003 §7.1: the verify call of each second factor. */
export const VERIFY_LOGIN_PATHS: Record<TwoFactorMethod, string> = {
  sms: '/auth/login/verify-2fa',
  totp: '/api/auth/2fa/totp/verify-login',
  backup: '/api/auth/2fa/backup-codes/verify',
};

/**
 * POST /auth/login/verify-2fa, /api/auth/2fa/totp/verify-login or /api/auth/2fa/backup-codes/verify. The user is
 * not signed in yet; the answer sets the session cookie. A returned device token is stored for the next sign-ins.
 */
export async function verifyLogin(
  method: TwoFactorMethod,
  body: VerifyLoginRequest,
): Promise<TwoFactorLoginResponse> {
  const response = await apiRequest<TwoFactorLoginResponse>(VERIFY_LOGIN_PATHS[method], {
    method: 'POST',
    body,
    auth: false,
    withSessionCookie: true,
  });
  if (response.device_token) saveDeviceToken(response.device_token);
  return response;
}

export function useVerifyLogin() {
  return useMutation({
    mutationFn: ({ method, body }: { method: TwoFactorMethod; body: VerifyLoginRequest }) =>
      verifyLogin(method, body),
  });
}
