import type { FastifyServerOptions } from 'fastify';

/**
 * Fields that never reach the logs: secrets (passwords, tokens, codes) and PHI (names, contact details,
 * Medicaid ids, dates of birth), at the top level of a logged object and up to two levels down. `name` and
 * `code` are redacted only inside bodies and users, since errors carry harmless fields of those names.
 */
const SENSITIVE_KEYS = [
  'password',
  'new_password',
  'current_password',
  'confirm_password',
  'token',
  'access_token',
  'device_token',
  'reset_token',
  'invitation_token',
  'secret',
  'codes',
  'qr_code',
  'signature_text',
  'body_text',
  'body_html',
  'authorization',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'medicaid_id',
  'date_of_birth',
  'dob',
];

export const REDACT_PATHS = [
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  ...['body', 'user', 'data'].flatMap((c) => [`${c}.name`, `${c}.code`, `*.${c}.name`, `*.${c}.code`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-token"]',
];

/** Query strings can carry tokens (/register?token=…): logs keep the path and the parameter names only. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return `${url.slice(0, q)}?${names.map((n) => `${n}=[REDACTED]`).join('&')}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url) };
      },
    },
  };
}
