import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptionKey, encryptSecret } from '../../../platform/secret-box.ts';
import { deviceNameFrom } from './device-name.ts';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totp } from './totp.ts';

describe('TOTP (RFC 6238)', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');

  it('passes the RFC 6238 appendix B SHA-1 test vectors', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [time, expected] of vectors) expect(totp(key, time, 8)).toBe(expected);
  });

  it('passes the RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    for (const [counter, code] of expected.entries()) expect(hotp(key, counter)).toBe(code);
  });

  it('accepts one step either side and reports the step it matched', () => {
    const now = new Date(1_111_111_111_000);
    const step = Math.floor(1_111_111_111 / 30);
    expect(matchTotp(key, hotp(key, step), now)).toBe(step);
    expect(matchTotp(key, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchTotp(key, hotp(key, step + 1), now)).toBe(step + 1);
    expect(matchTotp(key, hotp(key, step + 2), now)).toBeNull();
  });

  it('round-trips base32 and builds an otpauth URI with the issuer', () => {
    expect(base32Encode(key)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(key)).toBe(true);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri(secret, 'dana@example.test');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Trust%20Marketplace:dana%40example\.test\?/);
    expect(new URL(uri).searchParams.get('issuer')).toBe('Trust Marketplace');
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  });
});

describe('secret box (AES-256-GCM)', () => {
  it('encrypts with SECRET_KEY and refuses a tampered value', () => {
    const key = encryptionKey({ secretKey: 'x'.repeat(40), dataDir: '/nonexistent' });
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
  });

  it('creates DATA_DIR/secret.key once, mode 0600, when SECRET_KEY is unset', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-key-'));
    try {
      const key = encryptionKey({ secretKey: undefined, dataDir: dir });
      const file = path.join(dir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(key).toHaveLength(32);
      expect(Buffer.from(fs.readFileSync(file, 'utf8'), 'base64').equals(key)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('device names', () => {
  it('names the browser and system of a User-Agent', () => {
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(deviceNameFrom('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(deviceNameFrom(undefined)).toBe('Unknown device');
  });
});
