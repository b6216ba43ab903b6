import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PermanentDeliveryError } from '../errors.ts';
import type { FetchedRecording, OutgoingCall, VoiceDriver } from './driver.ts';

export type TwilioVoiceOptions = { accountSid: string; authToken: string; from: string; baseUrl: string };

/** Every step of a call reported to the status webhook (Twilio's StatusCallbackEvent, repeated). */
const STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

/** The content type of a recording by the extension asked for (Twilio serves .wav and .mp3). */
const RECORDING_TYPES: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

/**
 * Calls through Twilio's REST API (or anything shaped like it: TWILIO_BASE_URL points tests at a local server):
 * POST {baseUrl}/2010-04-01/Accounts/{sid}/Calls.json, form-encoded, basic auth sid:token. Once the callee
 * answers, the service fetches our TwiML for the call (`Url`) and reports each step to the status webhook.
 */
export class TwilioVoiceDriver implements VoiceDriver {
  readonly name = 'twilio';

  constructor(
    private readonly options: TwilioVoiceOptions,
    private readonly timeoutMs = 15_000,
  ) {}

  get number(): string {
    return this.options.from;
  }

  #authorization(): string {
    const { accountSid, authToken } = this.options;
    return `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  }

  async placeCall(call: OutgoingCall) {
    const { accountSid, from, baseUrl } = this.options;
    const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Calls.json`;
    const form = new URLSearchParams({
      To: call.to,
      From: from,
      Url: call.twimlUrl,
      StatusCallback: call.statusCallbackUrl,
    });
    for (const event of STATUS_EVENTS) form.append('StatusCallbackEvent', event);
    if (call.record) {
      form.set('Record', 'true');
      form.set('RecordingStatusCallback', call.recordingStatusCallbackUrl);
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: this.#authorization(),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
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
      // A 4xx (an invalid number, a number the account may not call, bad credentials) is refused again if
      // retried; a 5xx or 429 might pass later, but a call is placed now or not at all, so both end the call.
      throw res.status >= 400 && res.status < 500 && res.status !== 429
        ? new PermanentDeliveryError(answer)
        : new Error(answer);
    }
    if (typeof json.sid !== 'string' || json.sid === '') {
      throw new Error(`Twilio answered ${res.status} without a call sid`);
    }
    return { callSid: json.sid };
  }

  /**
   * The recording's bytes: its RecordingUrl with '.mp3' (smaller than the default WAV) unless it names a
   * format, with the account's credentials. Only from the service's own address: the URL comes from a webhook
   * and the credentials must not go anywhere else.
   */
  async fetchRecording(recordingUrl: string): Promise<FetchedRecording> {
    let url: URL;
    try {
      url = new URL(recordingUrl);
    } catch {
      throw new PermanentDeliveryError('The recording URL is not a URL.');
    }
    if (!this.#isServiceAddress(url)) {
      throw new PermanentDeliveryError(
        `The recording is not at the voice service's address (${url.origin}).`,
      );
    }
    const extension = /\.(mp3|wav)$/i.exec(url.pathname)?.[1]?.toLowerCase();
    if (!extension) url.pathname += '.mp3';
    const res = await fetch(url, {
      headers: { authorization: this.#authorization() },
      signal: AbortSignal.timeout(this.timeoutMs * 4),
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      const answer = `Twilio answered ${res.status} for the recording`;
      // 404: Twilio makes a recording available a moment after announcing it, so that one is tried again.
      throw res.status >= 400 && res.status < 500 && res.status !== 404 && res.status !== 429
        ? new PermanentDeliveryError(answer)
        : new Error(answer);
    }
    const declared = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    const contentType =
      declared?.startsWith('audio/') === true ? declared : RECORDING_TYPES[extension ?? 'mp3']!;
    return { stream: Readable.fromWeb(res.body as unknown as WebReadableStream), contentType };
  }

  /** The configured base URL's origin, or Twilio's own hosts when that is api.twilio.com. */
  #isServiceAddress(url: URL): boolean {
    const base = new URL(this.options.baseUrl);
    if (url.origin === base.origin) return true;
    return (
      base.hostname.endsWith('.twilio.com') &&
      url.protocol === 'https:' &&
      url.hostname.endsWith('.twilio.com')
    );
  }

  close() {}
}
