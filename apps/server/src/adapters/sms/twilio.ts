import { toE164 } from '@trust/domain';
import { PermanentDeliveryError } from '../errors.ts';
import type { OutgoingSms, SmsDriver } from './driver.ts';

export type TwilioOptions = { accountSid: string; authToken: string; from: string; baseUrl: string };

/**
 * SMS through Twilio's REST API (or anything shaped like it: TWILIO_BASE_URL points tests at a local server):
 * POST {baseUrl}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, basic auth sid:token.
 */
export class TwilioSmsDriver implements SmsDriver {
  readonly name = 'twilio';

  constructor(
    private readonly options: TwilioOptions,
    private readonly timeoutMs = 15_000,
  ) {}

  async send(message: OutgoingSms) {
    const { accountSid, authToken, from, baseUrl } = this.options;
    const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        // Twilio takes E.164; numbers on file are as people typed them ("(213) 555-0142").
        To: toE164(message.to) ?? message.to,
        From: from,
        Body: message.body,
        ...(message.statusCallbackUrl ? { StatusCallback: message.statusCallbackUrl } : {}),
      }).toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let json: { sid?: unknown; message?: unknown; code?: unknown } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page); the status says enough.
    }
    if (!res.ok) {
      const detail = typeof json.message === 'string' ? json.message : text.slice(0, 200) || res.statusText;
      const code = json.code === undefined ? '' : ` (code ${String(json.code)})`;
      const answer = `Twilio answered ${res.status}: ${detail}${code}`;
      // A 4xx (an invalid or unsubscribed number, a bad request) will be refused again: fail it now. 429 (rate
      // limited) and 5xx are retried by the queue.
      throw res.status >= 400 && res.status < 500 && res.status !== 429
        ? new PermanentDeliveryError(answer)
        : new Error(answer);
    }
    if (typeof json.sid !== 'string' || json.sid === '') {
      throw new Error(`Twilio answered ${res.status} without a message sid`);
    }
    return { providerMessageId: json.sid };
  }
}
