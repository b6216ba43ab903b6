import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '../errors.ts';
import type { OutgoingCall } from './driver.ts';
import { createVoiceDriver } from './index.ts';
import { LocalVoiceDriver } from './local.ts';
import { TwilioVoiceDriver } from './twilio.ts';

type Request = { method: string; url: string; auth: string; contentType: string; form: URLSearchParams };

const AUTH = `Basic ${Buffer.from('AC123:tok').toString('base64')}`;
const MP3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 1, 2, 3, 4]);

describe('the Twilio-compatible voice driver, against a Twilio-shaped server on loopback', () => {
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
        if (req.headers.authorization !== AUTH) {
          res.statusCode = 401;
          res.setHeader('content-type', 'application/json');
          return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        }
        if (req.method === 'GET' && req.url === '/2010-04-01/Accounts/AC123/Recordings/RE1.mp3') {
          res.setHeader('content-type', 'audio/mpeg');
          return res.end(MP3);
        }
        if (req.method === 'GET') {
          res.statusCode = 404;
          return res.end('{"code":20404,"message":"not found"}');
        }
        res.setHeader('content-type', 'application/json');
        if (form.get('To') === '+10000000000') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              code: 21211,
              message: "The 'To' number +10000000000 is not a valid phone number.",
            }),
          );
        }
        if (form.get('To') === '+19999999999') {
          res.statusCode = 503;
          return res.end('<html>Service Unavailable</html>');
        }
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: `CA${String(requests.length).padStart(32, '0')}`, status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const driver = (authToken = 'tok') =>
    new TwilioVoiceDriver({ accountSid: 'AC123', authToken, from: '+15550001111', baseUrl: `${baseUrl}/` });
  const call = (overrides: Partial<OutgoingCall> = {}): OutgoingCall => ({
    id: 7,
    to: '+12135550142',
    twimlUrl: 'https://trust.example/api/webhooks/twilio/voice/calls/7/twiml?token=abc',
    statusCallbackUrl: 'https://trust.example/api/webhooks/twilio/voice/status',
    recordingStatusCallbackUrl: 'https://trust.example/api/webhooks/twilio/voice/recording',
    record: true,
    ...overrides,
  });

  it('posts To, From, Url, the status callback with every event, and recording, form-encoded with basic auth', async () => {
    const result = await driver().placeCall(call());
    expect(result.callSid).toMatch(/^CA\d{32}$/);
    const req = requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC123/Calls.json');
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(req.auth).toBe(AUTH);
    expect(req.form.get('To')).toBe('+12135550142');
    expect(req.form.get('From')).toBe('+15550001111');
    expect(req.form.get('Url')).toBe(
      'https://trust.example/api/webhooks/twilio/voice/calls/7/twiml?token=abc',
    );
    expect(req.form.get('StatusCallback')).toBe('https://trust.example/api/webhooks/twilio/voice/status');
    expect(req.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(req.form.get('Record')).toBe('true');
    expect(req.form.get('RecordingStatusCallback')).toBe(
      'https://trust.example/api/webhooks/twilio/voice/recording',
    );
  });

  it('asks for no recording when recording is off', async () => {
    await driver().placeCall(call({ record: false }));
    const req = requests.at(-1)!;
    expect(req.form.has('Record')).toBe(false);
    expect(req.form.has('RecordingStatusCallback')).toBe(false);
  });

  it("fails clearly with Twilio's message: a 4xx is permanent, a 5xx is not", async () => {
    const invalid = driver().placeCall(call({ to: '+10000000000' }));
    await expect(invalid).rejects.toThrow(
      "Twilio answered 400: The 'To' number +10000000000 is not a valid phone number. (code 21211)",
    );
    await expect(driver().placeCall(call({ to: '+10000000000' }))).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    await expect(driver('wrong').placeCall(call())).rejects.toThrow(
      'Twilio answered 401: Authenticate (code 20003)',
    );
    const down = driver().placeCall(call({ to: '+19999999999' }));
    await expect(down).rejects.toThrow(/Twilio answered 503: <html>Service Unavailable/);
    await expect(driver().placeCall(call({ to: '+19999999999' }))).rejects.not.toBeInstanceOf(
      PermanentDeliveryError,
    );
  });

  it('fetches a recording as MP3 with basic auth', async () => {
    const fetched = await driver().fetchRecording(`${baseUrl}/2010-04-01/Accounts/AC123/Recordings/RE1`);
    const chunks: Buffer[] = [];
    for await (const chunk of fetched.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(MP3);
    expect(fetched.contentType).toBe('audio/mpeg');
    const req = requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/2010-04-01/Accounts/AC123/Recordings/RE1.mp3');
    expect(req.auth).toBe(AUTH);
  });

  it('retries a recording that is not there yet (404), and never sends the credentials elsewhere', async () => {
    const missing = driver().fetchRecording(`${baseUrl}/2010-04-01/Accounts/AC123/Recordings/RE404`);
    await expect(missing).rejects.toThrow('Twilio answered 404 for the recording');
    await expect(
      driver().fetchRecording(`${baseUrl}/2010-04-01/Accounts/AC123/Recordings/RE404`),
    ).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    const count = requests.length;
    await expect(driver().fetchRecording('http://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    await expect(driver().fetchRecording('not a url')).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(requests.length).toBe(count);
  });
});

describe('choosing the voice driver', () => {
  const sink = { status: async () => {}, recording: async () => {} };
  it('uses Twilio when configured, the local simulation otherwise', () => {
    const twilio = { accountSid: 'AC1', authToken: 't', from: '+15550001111', baseUrl: 'http://127.0.0.1:1' };
    const real = createVoiceDriver({ twilio }, sink);
    expect(real.name).toBe('twilio');
    expect(real.number).toBe('+15550001111');
    const local = createVoiceDriver({ twilio: undefined }, sink);
    expect(local).toBeInstanceOf(LocalVoiceDriver);
    local.close();
  });
});
