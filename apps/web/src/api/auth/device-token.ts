import { STORAGE_KEYS } from '@trust/domain';

// 003 §7.1: the trusted-device token from a verified second factor with "Trust this device for 30 days",
// kept in local storage under `device_token` and sent as X-Device-Token on every sign-in. It is not cleared
// on sign-out: the device stays trusted until it expires or the user revokes it.

export function readDeviceToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.deviceToken);
  } catch {
    return null;
  }
}

export function saveDeviceToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.deviceToken, token);
  } catch {
    // Storage unavailable: the next sign-in asks for a code again.
  }
}
