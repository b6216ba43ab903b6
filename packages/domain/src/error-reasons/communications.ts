import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the communications area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const COMMUNICATIONS_ERROR_REASONS = {
  // --- Records, threads and the inbox (modules/communications/communications) ---
  'conversation.not_found': 'not_found',
  /** The unmatched inbox (messages nobody could place) is for platform operators only (issue #12). */
  'conversation.unmatched_operators_only': 'forbidden',
  /** Filing a thread that already belongs to an organization. */
  'conversation.already_filed': 'conflict',
  'attachment.not_found': 'not_found',
  /** A provider unknown, or another organization's private one (issue #12: the same answer). */
  'communication.provider_not_found': 'not_found',
  /** 001 §5 "Please select a referral to discuss". */
  'communication.referral_required': 'validation_failed',
  /** 001 §5 "Please enter a message" (and for an email, "Please enter subject and message"). */
  'communication.message_required': 'validation_failed',
  'communication.subject_required': 'validation_failed',
  'communication.phone_invalid': 'validation_failed',
  'communication.email_invalid': 'validation_failed',
  /** A conversation asked for without the ids that name it. */
  'communication.query_incomplete': 'validation_failed',
  /** Typing a provider's reply on the outbox page works only while the local drivers deliver. */
  'communication.local_driver_only': 'rule_broken',

  // --- SMS (modules/communications/sms) ---
  /** 001 §5 "Provider phone number not available". */
  'sms.phone_missing': 'rule_broken',
  /** The number answered STOP (CTIA): nothing is texted to it until it answers START. */
  'sms.opted_out': 'rule_broken',

  // --- Email (modules/communications/email) ---
  /** 001 §5 "Provider email not available". */
  'email.address_missing': 'rule_broken',
  'email.template_not_found': 'not_found',
  'email.cc_invalid': 'validation_failed',
  'email.send_invalid': 'validation_failed',
  'email.form_unreadable': 'bad_request',
  'email.attachments_too_many': 'payload_too_large',
  'email.attachment_too_large': 'payload_too_large',
  'email.attachments_too_large': 'payload_too_large',
  'email.attachment_empty': 'validation_failed',
  /** The inbound webhook without its bearer token (INBOUND_EMAIL_TOKEN). */
  'email.inbound_unauthorized': 'forbidden',
  /** A tracking image or link that names no email, or a link whose signature does not verify. */
  'email.tracking_unknown': 'not_found',
  'email.link_invalid': 'bad_request',
  /** A simulated reply to a message of the outbox that is not an email sent to a provider. */
  'email.outbox_message_not_found': 'not_found',

  // --- Speech to text (modules/communications/speech, issue #19) ---
  'speech.not_multipart': 'unsupported_media_type',
  'speech.upload_malformed': 'bad_request',
  'speech.upload_too_many_parts': 'payload_too_large',
  'speech.audio_required': 'bad_request',
  'speech.audio_too_large': 'payload_too_large',
  /** Not audio by its bytes, or audio the decoder cannot read. */
  'speech.audio_type': 'unsupported_media_type',
  'speech.audio_too_long': 'payload_too_large',
  /** No engine on this server transcribes the language (README: STT_URL, STT_MODEL_DIR). */
  'speech.language_unavailable': 'rule_broken',
  /** The engine is down or too slow: the person may try again or type. */
  'speech.engine_unavailable': 'unavailable',

  // --- Calls and voicemail (modules/communications/voice) ---
  'call.not_found': 'not_found',
  'call.recording_not_found': 'not_found',
  'call.provider_mismatch': 'validation_failed',
  'voicemail.not_found': 'not_found',
  'voicemail.recording_not_found': 'not_found',
  'voicemail.transcription_too_long': 'validation_failed',
  'voicemail.audio_required': 'bad_request',
  'voicemail.audio_too_large': 'payload_too_large',
  'voicemail.audio_type': 'unsupported_media_type',
  'voicemail.upload_not_multipart': 'unsupported_media_type',
  'voicemail.upload_too_many_parts': 'payload_too_large',
  'voicemail.upload_malformed': 'bad_request',
  /** A voice webhook without a parameter it needs (CallSid, CallStatus…). */
  'voice.webhook_invalid': 'validation_failed',
  /** A Twilio webhook while no Twilio account is configured (the local drivers take no webhooks). */
  'twilio.not_configured': 'forbidden',
  /** A Twilio webhook whose X-Twilio-Signature does not match its URL and parameters. */
  'twilio.bad_signature': 'forbidden',

  // --- Web forms (modules/communications/web-forms) ---
  /** 001 §5 "Please select a referral first". */
  'web_form.referral_required': 'validation_failed',
  /** 001 §5 "Provider website URL not available". */
  'web_form.website_missing': 'rule_broken',
  'web_form.url_invalid': 'rule_broken',
  'web_form.submission_not_found': 'not_found',

  // --- The outbox (modules/communications/outbox) ---
  /** Only platform operators read the outbox (issue #12). */
  'outbox.operators_only': 'forbidden',
  'outbox.message_not_found': 'not_found',
} as const satisfies Record<string, ErrorCode>;
