import { createHmac, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@trust/domain';
import { safeEqual } from '../../../platform/crypto.ts';

// RFC 4226 HOTP and RFC 6238 TOTP (HMAC-SHA1), with the RFC 4648 base32 that authenticator apps expect.
// Small enough to read in full and proven against the RFC 6238 appendix B vectors (totp.test.ts).

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 §5.3: HMAC-SHA1 of the 8-byte counter, dynamically truncated to `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits: number = TWO_FACTOR.codeLength): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238: the step (T) of a Unix time in seconds. */
export function totpStep(unixSeconds: number, stepSeconds: number = TWO_FACTOR.totpStepSeconds): number {
  return Math.floor(unixSeconds / stepSeconds);
}

export function totp(key: Buffer, unixSeconds: number, digits: number = TWO_FACTOR.codeLength): string {
  return hotp(key, totpStep(unixSeconds), digits);
}

/**
 * The step whose code matches, looking one step either side (clock drift; 003 §9 "changes every 30
 * seconds"), or null. Every candidate is compared in constant time.
 */
export function matchTotp(key: Buffer, code: string, now: Date, window = 1): number | null {
  const current = totpStep(Math.floor(now.getTime() / 1000));
  let found: number | null = null;
  for (let delta = -window; delta <= window; delta++) {
    if (safeEqual(hotp(key, current + delta), code) && found === null) found = current + delta;
  }
  return found;
}

/** A new authenticator secret: 160 random bits (RFC 4226 §4 recommends that length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The otpauth:// URI of Google Authenticator's key-uri format, which every authenticator app reads. */
export function otpauthUri(secret: string, account: string, issuer: string = TWO_FACTOR.totpIssuer): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TWO_FACTOR.codeLength),
    period: String(TWO_FACTOR.totpStepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
