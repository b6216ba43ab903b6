import { describe, expect, it } from 'vitest';
import { checkEndpoint } from './endpoint-guard.ts';

// A subscriber endpoint is checked when subscribing and before every delivery: https on public addresses only;
// a name that resolves to any private address (or to one later: DNS rebinding) is refused.

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('checkEndpoint', () => {
  it('accepts https on a public address and returns the address to connect to', async () => {
    const checked = await checkEndpoint(
      'https://ehr.example.org/fhir/notify',
      [],
      resolvesTo('93.184.216.34'),
    );
    expect(checked).toMatchObject({ ok: true, address: '93.184.216.34' });
  });

  it.each([
    ['http://ehr.example.org/notify', 'scheme'],
    ['ftp://ehr.example.org/notify', 'scheme'],
    ['https://user:pw@ehr.example.org/notify', 'invalid'],
    ['not a url', 'invalid'],
  ])('refuses %s (%s)', async (endpoint, why) => {
    expect(await checkEndpoint(endpoint, [], resolvesTo('93.184.216.34'))).toEqual({ ok: false, why });
  });

  it.each(['127.0.0.1', '10.0.0.7', '192.168.1.20', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'])(
    'refuses a name resolving to %s',
    async (address) => {
      expect(await checkEndpoint('https://ehr.example.org/n', [], resolvesTo(address))).toEqual({
        ok: false,
        why: 'private',
      });
    },
  );

  it('refuses a name with one public and one private address (either could be used)', async () => {
    const checked = await checkEndpoint(
      'https://ehr.example.org/n',
      [],
      resolvesTo('93.184.216.34', '10.0.0.1'),
    );
    expect(checked).toEqual({ ok: false, why: 'private' });
  });

  it('refuses a name that does not resolve', async () => {
    const checked = await checkEndpoint('https://nowhere.invalid/n', [], async () => {
      throw new Error('ENOTFOUND');
    });
    expect(checked).toEqual({ ok: false, why: 'unresolved' });
  });

  it('lets an allowed host use loopback over http, by name or name:port, and nothing else', async () => {
    expect(await checkEndpoint('http://127.0.0.1:8080/n', ['127.0.0.1'])).toMatchObject({ ok: true });
    expect(await checkEndpoint('http://127.0.0.1:8080/n', ['127.0.0.1:8080'])).toMatchObject({ ok: true });
    expect(await checkEndpoint('http://127.0.0.1:9090/n', ['127.0.0.1:8080'])).toEqual({
      ok: false,
      why: 'scheme',
    });
    expect(await checkEndpoint('https://127.0.0.1:9090/n', ['127.0.0.1:8080'])).toEqual({
      ok: false,
      why: 'private',
    });
  });
});
