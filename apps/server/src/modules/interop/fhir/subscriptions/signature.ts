import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Every notification is signed so a subscriber can tell it came from us and was not changed or replayed late:
// `X-Trust-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<body>">` with the subscription's own secret
// (shown once, when the subscription is made). The timestamp is inside the MAC, so a captured request cannot be
// replayed with a fresh time; subscribers refuse old ones (docs/areas/interop-fhir-subscriptions.md).

/** A new signing secret: 32 random bytes, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${mac}`;
}

/** What a subscriber does (the tests and the documentation use it): true when the header signs the body. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1) return false;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex'));
  const given = Buffer.from(v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
