import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader, verifySignature } from './signature.ts';

// The X-Trust-Signature a subscriber checks: HMAC-SHA256 of "<t>.<body>" with its secret, as documented.

describe('notification signatures', () => {
  const secret = newSigningSecret();
  const body = '{"resourceType":"Bundle","type":"history"}';
  const at = new Date('2026-11-29T12:00:00Z');

  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const header = signatureHeader(secret, body, at);
    const t = at.getTime() / 1000;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  });

  it('verifies the body it signs, and nothing else', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(secret, body, header, { now: at })).toBe(true);
    expect(verifySignature(secret, `${body} `, header, { now: at })).toBe(false);
    expect(verifySignature(newSigningSecret(), body, header, { now: at })).toBe(false);
    expect(
      verifySignature(secret, body, header.replace(/t=\d+/, `t=${at.getTime() / 1000 + 1}`), { now: at }),
    ).toBe(false);
    expect(verifySignature(secret, body, 'v1=abc', { now: at })).toBe(false);
  });

  it('refuses a signature older than the tolerance (a replay)', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(secret, body, header, { now: new Date(at.getTime() + 10 * 60_000) })).toBe(false);
  });

  it('gives every subscription its own secret', () => {
    expect(newSigningSecret()).not.toBe(newSigningSecret());
    expect(newSigningSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
