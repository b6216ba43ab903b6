import { createHmac, timingSafeEqual } from 'node:crypto';
import { escapeXml } from '../../../adapters/twilio/twiml.ts';
import type { Config } from '../../../config.ts';
import { encryptionKey } from '../../../platform/secret-box.ts';
import { WEBHOOK_PATHS, webhookUrl } from '../../../platform/webhook-urls.ts';

// What Twilio does on our calls (TwiML, adapters/twilio/twiml.ts sends it): an outbound call says the context
// message and connects the coordinator; a call to the product's number takes a voicemail.

/** 001 §7 voicemail: what a provider who calls the product's number hears before the beep. */
export const VOICEMAIL_GREETING =
  'You have reached the care coordination team. Please leave a message after the tone, and we will call you back.';
export const VOICEMAIL_THANKS = 'Thank you. Your message was recorded. Goodbye.';
export const VOICEMAIL_NOTHING = 'We did not receive a message. Goodbye.';
/** Said on an outbound call when the coordinator who placed it has no phone number to connect. */
export const NO_COORDINATOR_LINE =
  'The care coordinator will follow up with you. To reach them, call this number back and leave a message.';
/** 001 §7 voicemail: at most two minutes. */
export const VOICEMAIL_MAX_SECONDS = 120;

const say = (text: string) => `<Say>${escapeXml(text)}</Say>`;

/**
 * The TwiML of an outbound call once the callee answers: the context message (when there is one), then the
 * coordinator's own phone, dialled from the product's number. The call itself is recorded from its start when
 * recording is on (Record=true on the REST request), so the <Dial> does not record a second copy.
 */
export function outboundCallTwiml(input: {
  contextMessage: string | null;
  coordinatorPhone: string | null;
  callerId: string;
}): string {
  let inner = input.contextMessage?.trim() ? say(input.contextMessage.trim()) : '';
  if (input.coordinatorPhone) {
    inner += `<Dial callerId="${escapeXml(input.callerId)}"><Number>${escapeXml(input.coordinatorPhone)}</Number></Dial>`;
  } else {
    inner += `${say(NO_COORDINATOR_LINE)}<Hangup/>`;
  }
  return inner;
}

/**
 * A call to the product's number (001 §7 voicemail): a greeting, then <Record> with a transcription. Its
 * action comes back to the incoming webhook with step=recorded, which thanks and hangs up (without an action
 * Twilio would fetch this document again and greet once more).
 */
export function voicemailTwiml(config: Pick<Config, 'publicUrl'>): string {
  const url = (path: string) => escapeXml(webhookUrl(config, path));
  return (
    say(VOICEMAIL_GREETING) +
    `<Record maxLength="${VOICEMAIL_MAX_SECONDS}" playBeep="true" transcribe="true"` +
    ` transcribeCallback="${url(WEBHOOK_PATHS.voiceTranscription)}"` +
    ` recordingStatusCallback="${url(WEBHOOK_PATHS.voiceRecording)}"` +
    ` action="${url(`${WEBHOOK_PATHS.voiceIncoming}?step=recorded`)}"/>` +
    say(VOICEMAIL_NOTHING) +
    '<Hangup/>'
  );
}

export function voicemailRecordedTwiml(): string {
  return `${say(VOICEMAIL_THANKS)}<Hangup/>`;
}

/** The path of an outbound call's TwiML webhook (under /api/webhooks/twilio/voice/). */
export const CALL_TWIML_PATH = '/api/webhooks/twilio/voice/calls/:id/twiml';

/**
 * A token that names one call's TwiML: the URL carries it, so nobody reads a call's context message (it may
 * name the member) by counting ids, even with the local driver, where nothing signs the requests.
 */
export function callTwimlToken(config: Pick<Config, 'secretKey' | 'dataDir'>, callId: number): string {
  return createHmac('sha256', encryptionKey(config)).update(`voice-call-twiml:${callId}`).digest('base64url');
}

export function verifyCallTwimlToken(
  config: Pick<Config, 'secretKey' | 'dataDir'>,
  callId: number,
  token: string | undefined,
): boolean {
  if (!token) return false;
  const expected = Buffer.from(callTwimlToken(config, callId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The absolute URL Twilio fetches an outbound call's TwiML from. */
export function callTwimlUrl(
  config: Pick<Config, 'publicUrl' | 'secretKey' | 'dataDir'>,
  callId: number,
): string {
  const path = CALL_TWIML_PATH.replace(':id', String(callId));
  return webhookUrl(config, `${path}?token=${callTwimlToken(config, callId)}`);
}
