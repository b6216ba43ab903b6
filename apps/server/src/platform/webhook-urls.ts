import type { Config } from '../config.ts';

/**
 * The webhook paths outside services call (Twilio's SMS and voice callbacks, an inbound-email service). Their
 * absolute URLs start with PUBLIC_URL: that is what the service is told and what Twilio signs, so the server
 * verifies a signature against PUBLIC_URL + path, whatever proxy the request came through.
 */
export const WEBHOOK_PATHS = {
  smsInbound: '/api/webhooks/twilio/sms',
  smsStatus: '/api/webhooks/twilio/sms/status',
  voiceIncoming: '/api/webhooks/twilio/voice',
  voiceStatus: '/api/webhooks/twilio/voice/status',
  voiceRecording: '/api/webhooks/twilio/voice/recording',
  voiceTranscription: '/api/webhooks/twilio/voice/transcription',
  emailInbound: '/api/webhooks/email/inbound',
} as const;

export function webhookUrl(config: Pick<Config, 'publicUrl'>, path: string): string {
  return `${config.publicUrl}${path}`;
}
