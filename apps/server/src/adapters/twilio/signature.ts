import { createHmac, timingSafeEqual } from 'node:crypto';

// Twilio's webhook signature (https://www.twilio.com/docs/usage/security#validating-requests): the full URL
// Twilio requested, then each POST parameter's name and value appended in the alphabetical order of the names
// (no separators), HMAC-SHA1 keyed with the account's auth token, base64. It arrives as X-Twilio-Signature.

export type TwilioParams = Record<string, string | string[] | undefined>;

/** The signature Twilio computes for a request to `url` with these form parameters. */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    // A repeated parameter contributes each of its values, sorted, each after the name (Twilio's libraries).
    for (const v of Array.isArray(value) ? [...value].sort() : [value]) data += key + v;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The URL as Twilio may have signed it: as given, and with the scheme's default port added or removed (Twilio
 * signs what it was configured with, which a proxy may rewrite).
 */
function urlVariants(url: string): string[] {
  const match = /^(https?):\/\/([^/:?#]+)(?::(\d+))?(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme, host, port, rest] = match;
  const defaultPort = scheme!.toLowerCase() === 'https' ? '443' : '80';
  const variants = [url];
  if (!port) variants.push(`${scheme}://${host}:${defaultPort}${rest}`);
  else if (port === defaultPort) variants.push(`${scheme}://${host}${rest}`);
  return variants;
}

/** Whether `signature` (X-Twilio-Signature) is Twilio's for this URL and these parameters. */
export function verifyTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  return urlVariants(url).some((u) => safeEqual(twilioSignature(authToken, u, params), signature));
}
