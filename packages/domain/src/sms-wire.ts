import { z } from 'zod';
import { idString, queryInt, timestampSchema } from './common.ts';

// Two-way SMS with providers on the wire (001 §2.12, §3 SMS message, §7 "SMS and email").

/**
 * 001 §2.12 inbound intent badges: accept, decline, question, help, stop; and start (opting back in after a
 * STOP) and other for anything else.
 */
/** 001 §2.12's intents, and the accepted provider's progress (issue #14 item 3: "STARTED <n>", "DONE <n>"). */
export const SMS_INTENTS = [
  'accept',
  'decline',
  'question',
  'help',
  'stop',
  'start',
  'started',
  'done',
  'other',
] as const;
export type SmsIntent = (typeof SMS_INTENTS)[number];

/** 001 §3 SMS message status. 'received' is an inbound message. */
export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** 001 §3 SMS message. */
export const smsMessageSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int().nullable(),
    referral_id: z.number().int().nullable(),
    provider_id: z.number().int().nullable(),
    /** The SMS service's id (Twilio's SM…), once it has one. */
    message_sid: z.string().nullable(),
    from_phone: z.string().nullable(),
    to_phone: z.string().nullable(),
    message_body: z.string(),
    direction: z.enum(['outbound', 'inbound']),
    status: z.string(),
    /** 001 §5: ceil(length / 160). */
    num_segments: z.number().int(),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    delivered_at: timestampSchema.nullable(),
    read_at: timestampSchema.nullable(),
    intent: z.enum(SMS_INTENTS).nullable(),
    /** Why it was not delivered (the SMS service's answer), shown with the message (001 §8). */
    error_message: z.string().nullable(),
    /** The user who sent an outbound message; null for the system (referral send confirmation, auto-replies). */
    sent_by_name: z.string().nullable(),
  })
  .meta({ id: 'SmsMessage' });
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** 001 §7 GET /api/sms/conversations?referral_id&provider_id: the conversation's messages, oldest first. */
export const smsConversationQuerySchema = z.object({
  referral_id: idString().optional(),
  provider_id: idString().optional(),
  conversation_id: idString().optional(),
  /** At most this many of the newest messages (default 200). */
  limit: queryInt({ min: 1, max: 500 }).default(200),
});
export type SmsConversationQuery = z.output<typeof smsConversationQuerySchema>;

export const smsConversationSchema = z.object({
  conversation_id: z.number().int().nullable(),
  provider_id: z.number().int().nullable(),
  provider_name: z.string().nullable(),
  /** The number the conversation is with. */
  phone: z.string().nullable(),
  /** The provider's number answered STOP: nothing more is sent to it until it texts START. */
  opted_out: z.boolean(),
  messages: z.array(smsMessageSchema),
});
export type SmsConversation = z.infer<typeof smsConversationSchema>;

/** 001 §7 POST /api/sms/send. */
export const smsSendSchema = z.strictObject({
  referral_id: z.number().int().positive().optional().nullable(),
  provider_id: z.number().int().positive(),
  /** Defaults to the provider's phone number. */
  to_phone: z.string().trim().max(40).optional().nullable(),
  message_text: z.string().max(1600),
});
export type SmsSend = z.infer<typeof smsSendSchema>;

export const smsSendResponseSchema = z.object({
  success: z.boolean(),
  /** The SMS service's id; null until the delivery job has handed the message over. */
  message_sid: z.string().nullable(),
  from_phone: z.string().nullable(),
  error: z.string().nullable(),
  message: smsMessageSchema,
});
export type SmsSendResponse = z.infer<typeof smsSendResponseSchema>;

/**
 * POST /api/outbox/inbound/sms (local driver only, platform operators): a person types a reply as if a
 * provider had texted it, and it takes the same path as Twilio's inbound webhook.
 */
export const simulatedInboundSmsSchema = z.strictObject({
  from_phone: z.string().trim().min(1).max(40),
  body: z.string().max(1600),
});
export type SimulatedInboundSms = z.infer<typeof simulatedInboundSmsSchema>;

/** What the inbound path did with a message (the simulated reply's answer; Twilio gets TwiML). */
export const inboundSmsResultSchema = z.object({
  communication_id: z.number().int(),
  conversation_id: z.number().int().nullable(),
  matched: z.boolean(),
  intent: z.enum(SMS_INTENTS),
  /** What the reply did: 'accepted', 'rejected', 'opted_out', 'opted_in', 'help_sent', 'none', or why not. */
  action: z.string(),
  referral_id: z.number().int().nullable(),
  /** The confirmation texted back, if any. */
  reply: z.string().nullable(),
});
export type InboundSmsResult = z.infer<typeof inboundSmsResultSchema>;
