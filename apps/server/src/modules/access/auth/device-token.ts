import type { IncomingHttpHeaders } from 'node:http';
import { DEVICE_TOKEN_HEADER } from '@trust/domain';

/**
 * The trusted-device token a browser sends with a sign-in (X-Device-Token, 003 §9), when it looks like one.
 * Routes read it from the request and hand it to the sign-in services, which never see HTTP.
 */
export function deviceTokenOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers[DEVICE_TOKEN_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.trim();
  return token && token.length <= 200 ? token : undefined;
}
