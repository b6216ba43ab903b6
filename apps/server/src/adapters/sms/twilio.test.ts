import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '../errors.ts';
import { createSmsDriver } from './index.ts';
import { LocalSmsDriver } from './local.ts';
import { TwilioSmsDriver } from './twilio.ts';

type Request = { method: string; url: string; auth: string; contentType: string; form: URLSearchParams };

describe('the Twilio-compatible SMS driver, against a Twilio-shaped server on loopback', () => {
  const requests: Request[] = [];
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          auth: req.headers.authorization ?? '',
          contentType: req.headers['content-type'] ?? '',
          form,
        });
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== `Basic ${Buffer.from('AC123:tok').toString('base64')}`) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        }
        if (form.get('To') === '+10000000000') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              code: 21211,
              message: "The 'To' number +10000000000 is not a valid phone number.",
              status: 400,
            }),
          );
        }
        if (form.get('To') === '+19999999999') {
          res.statusCode = 503;
          return res.end('<html>Service Unavailable</html>');
        }
        if (form.get('To') === '+18888888888') {
          res.statusCode = 429;
          return res.end(JSON.stringify({ code: 20429, message: 'Too Many Requests', status: 429 }));
        }
        if (form.get('To') === '+17777777777') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              code: 21610,
              message: 'Attempt to send to unsubscribed recipient',
              status: 400,
            }),
          );
        }
        res.statusCode = 201;
        res.end(
          JSON.stringify({ sid: `SM${requests.length.toString().padStart(32, '0')}`, status: 'queued' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const driver = (authToken = 'tok') =>
    new TwilioSmsDriver({ accountSid: 'AC123', authToken, from: '+15550001111', baseUrl: `${baseUrl}/` });

  it('posts To, From and Body form-encoded with basic auth and returns the sid', async () => {
    const result = await driver().send({ id: 1, to: '+15551234567', body: 'Your code is 123456 & more' });
    expect(result.providerMessageId).toMatch(/^SM\d{32}$/);
    const req = requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(Buffer.from(req.auth.replace(/^Basic /, ''), 'base64').toString()).toBe('AC123:tok');
    expect(Object.fromEntries(req.form)).toEqual({
      To: '+15551234567',
      From: '+15550001111',
      Body: 'Your code is 123456 & more',
    });
  });

  it('sends a number on file as Twilio expects it, in E.164', async () => {
    await driver().send({ id: 10, to: '(555) 123-4567', body: 'Hello' });
    expect(requests.at(-1)!.form.get('To')).toBe('+15551234567');
  });

  it("throws Twilio's message on an error answer", async () => {
    await expect(driver().send({ id: 2, to: '+10000000000', body: 'x' })).rejects.toThrow(
      "Twilio answered 400: The 'To' number +10000000000 is not a valid phone number. (code 21211)",
    );
    await expect(driver('wrong').send({ id: 3, to: '+15551234567', body: 'x' })).rejects.toThrow(
      'Twilio answered 401: Authenticate (code 20003)',
    );
  });

  it('asks for delivery reports at the StatusCallback URL when given one, and only then', async () => {
    const callback = 'https://trust.example/api/webhooks/twilio/sms/status';
    await driver().send({ id: 5, to: '+15551234567', body: 'Hello', statusCallbackUrl: callback });
    expect(requests.at(-1)!.form.get('StatusCallback')).toBe(callback);
    await driver().send({ id: 6, to: '+15551234567', body: 'Hello', statusCallbackUrl: null });
    expect(requests.at(-1)!.form.has('StatusCallback')).toBe(false);
  });

  it('fails a 4xx refusal for good (PermanentDeliveryError) and leaves 429 and 5xx to the retries', async () => {
    const refused = await driver()
      .send({ id: 7, to: '+17777777777', body: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentDeliveryError);
    expect((refused as Error).message).toBe(
      'Twilio answered 400: Attempt to send to unsubscribed recipient (code 21610)',
    );
    const invalid = await driver()
      .send({ id: 8, to: '+10000000000', body: 'x' })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PermanentDeliveryError);
    for (const to of ['+19999999999', '+18888888888']) {
      const transient = await driver()
        .send({ id: 9, to, body: 'x' })
        .catch((e: unknown) => e);
      expect(transient).toBeInstanceOf(Error);
      expect(transient).not.toBeInstanceOf(PermanentDeliveryError);
    }
  });

  it('throws on an answer that is not JSON', async () => {
    await expect(driver().send({ id: 4, to: '+19999999999', body: 'x' })).rejects.toThrow(
      /Twilio answered 503: <html>Service Unavailable/,
    );
  });
});

describe('choosing the SMS driver', () => {
  it('uses Twilio when configured, the local outbox otherwise', async () => {
    const twilio = { accountSid: 'AC1', authToken: 't', from: '+1555', baseUrl: 'http://127.0.0.1:1' };
    expect(createSmsDriver({ twilio }).name).toBe('twilio');
    const local = createSmsDriver({ twilio: undefined });
    expect(local).toBeInstanceOf(LocalSmsDriver);
    expect(await local.send({ id: 9, to: '+1', body: 'b' })).toEqual({ providerMessageId: 'local-sms-9' });
  });
});
