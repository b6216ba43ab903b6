/** Audit-log actions of the communications area: the action string and what it records (shown in the security log). */
export const COMMUNICATIONS_AUDIT_ACTIONS = {
  // --- Records, threads and the inbox (modules/communications/communications) ---
  'communication.list_read': 'Read a list of communications (SMS, email, calls, voicemails, web forms)',
  'communication.attachment_read': 'Downloaded an email attachment',
  'conversation.list_read': 'Read the inbox (conversations with their last messages)',
  'conversation.assigned': 'Filed a conversation nobody could place under a referral',

  // --- SMS (modules/communications/sms) ---
  'sms.sent': 'Texted a provider about a referral',
  'sms.inbound_simulated': "Typed a provider's text reply on the outbox page (local SMS driver)",

  // --- Email (modules/communications/email) ---
  'email.sent': 'Emailed a provider about a referral',
  'email.received': "Received a provider's email reply",
  'outbox.inbound_email_simulated': "Typed a provider's email reply on the outbox page (local email driver)",

  // --- Speech to text (modules/communications/speech) ---
  'speech.transcribed':
    'Transcribed a recording (voice referral, voice note, voicemail or call; the words are not logged)',

  // --- Calls and voicemail (modules/communications/voice) ---
  'call.placed': 'Placed a call to a provider',
  'call.recording_read': "Listened to a call's recording",
  'call.list_read': 'Read the call history (with the transcriptions of recordings)',
  'voicemail.list_read': 'Read the list of voicemails (with their transcriptions)',
  'voicemail.read': 'Opened a voicemail already read',
  'voicemail.marked_read': 'Opened a voicemail (marked read)',
  'voicemail.audio_read': "Listened to a voicemail's audio",
  'voicemail.simulated': 'Left a voicemail as a provider on the outbox page (local voice driver)',

  // --- Web forms (modules/communications/web-forms) ---
  'referral.web_form_submitted': "Sent a referral's member details into a provider's web form",

  // --- The outbox (modules/communications/outbox); its list read is in referrals.ts ---
  'outbound_message.read': 'Opened a message of the outbox',
} as const satisfies Record<string, string>;
