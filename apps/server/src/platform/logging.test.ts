import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, redactUrl } from './logging.ts';

describe('log redaction', () => {
  it('removes secrets and PHI at any usual depth', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, sink);
    log.info({
      password: 'hunter2',
      body: { email: 'a@b.c', name: 'Jane Doe', code: '123456', medicaid_id: 'CA123456789' },
      user: { first_name: 'Jane', last_name: 'Doe', date_of_birth: '1980-01-01' },
      req: { headers: { authorization: 'Bearer abc', 'x-device-token': 'dev' } },
      err: { name: 'TypeError', code: 'E_X' },
    });
    const out = lines.join('');
    for (const secret of [
      'hunter2',
      'a@b.c',
      'Jane',
      'Doe',
      '123456',
      'CA123456789',
      '1980-01-01',
      'Bearer abc',
      'dev"',
    ]) {
      expect(out).not.toContain(secret);
    }
    // Error names and codes stay readable.
    expect(out).toContain('TypeError');
    expect(out).toContain('E_X');
  });

  it('keeps only parameter names of query strings', () => {
    expect(redactUrl('/register?token=abc&x=1')).toBe('/register?token=[REDACTED]&x=[REDACTED]');
    expect(redactUrl('/health')).toBe('/health');
  });
});
