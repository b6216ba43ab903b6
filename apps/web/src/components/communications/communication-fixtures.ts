import type {
  Communication,
  Conversation,
  ConversationList,
  Email,
  EmailConversation,
  ProviderReferral,
  SmsConversation,
  SmsMessage,
} from '@trust/domain';

// Made-up provider communications for web tests (spec/README.md: no sample data of the original product).

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 71,
    method_type: 'sms',
    provider_id: 501,
    provider_name: 'Marigold Community Pantry',
    referral_id: 101,
    referral_number: '4821093756',
    contact_value: '(213) 555-0170',
    last_message: 'We can take her on Tuesday.',
    last_message_at: new Date().toISOString(),
    last_direction: 'inbound',
    unread_count: 0,
    message_count: 2,
    matched: true,
    ...overrides,
  };
}

export function conversationList(conversations: Conversation[], totalUnread?: number): ConversationList {
  return {
    conversations,
    total_unread: totalUnread ?? conversations.reduce((n, c) => n + c.unread_count, 0),
    total: conversations.length,
    page: 1,
    page_size: 50,
  };
}

export function makeSmsMessage(overrides: Partial<SmsMessage> = {}): SmsMessage {
  return {
    id: 1,
    conversation_id: 71,
    referral_id: 101,
    provider_id: 501,
    message_sid: 'SM0001',
    from_phone: '(213) 555-0100',
    to_phone: '(213) 555-0170',
    message_body: 'Hello, can you take referral 4821093756?',
    direction: 'outbound',
    status: 'delivered',
    num_segments: 1,
    created_at: new Date().toISOString(),
    sent_at: new Date().toISOString(),
    delivered_at: new Date().toISOString(),
    read_at: null,
    intent: null,
    error_message: null,
    sent_by_name: 'Dana Rivers',
    ...overrides,
  };
}

export function smsConversation(
  messages: SmsMessage[],
  overrides: Partial<SmsConversation> = {},
): SmsConversation {
  return {
    conversation_id: 71,
    provider_id: 501,
    provider_name: 'Marigold Community Pantry',
    phone: '(213) 555-0170',
    opted_out: false,
    messages,
    ...overrides,
  };
}

export function makeEmail(overrides: Partial<Email> = {}): Email {
  return {
    id: 1,
    conversation_id: 81,
    referral_id: 101,
    provider_id: 501,
    direction: 'outbound',
    subject: 'New referral #4821093756',
    body_html: null,
    body_text: 'Dear Marigold Community Pantry, a new referral has been sent to you.',
    status: 'delivered',
    to_email: 'intake@marigold.example.org',
    from_email: 'coordination@trust.example.test',
    cc_emails: [],
    created_at: new Date().toISOString(),
    sent_at: new Date().toISOString(),
    opened_at: null,
    clicked_at: null,
    has_attachments: false,
    attachments_count: 0,
    attachments: [],
    error_message: null,
    is_acceptance_email: false,
    sent_by_name: 'Dana Rivers',
    ...overrides,
  };
}

export function emailConversation(
  emails: Email[],
  overrides: Partial<EmailConversation> = {},
): EmailConversation {
  return {
    conversation_id: 81,
    provider_id: 501,
    provider_name: 'Marigold Community Pantry',
    email: 'intake@marigold.example.org',
    emails,
    ...overrides,
  };
}

export function makeProviderReferral(overrides: Partial<ProviderReferral> = {}): ProviderReferral {
  return {
    id: 101,
    referral_number: '4821093756',
    member_name: 'Imani Okonkwo Reyes',
    status: 'matched',
    sdoh_needs: ['Food Assistance'],
    urgency: 'Within 24h',
    urgency_level: 'Urgent',
    created_at: '2026-11-20T15:30:00.000Z',
    linked: true,
    ...overrides,
  };
}

export function makeCommunication(overrides: Partial<Communication> = {}): Communication {
  return {
    id: 900,
    conversation_id: 71,
    referral_id: 101,
    referral_number: '4821093756',
    provider_id: 501,
    provider_name: 'Marigold Community Pantry',
    communication_method_id: null,
    method_type: 'sms',
    direction: 'outbound',
    status: 'delivered',
    category: 'conversation',
    message_content: 'Can you take this referral?',
    subject: null,
    contact_value: '(213) 555-0170',
    from_address: '(213) 555-0100',
    to_address: '(213) 555-0170',
    sent_at: '2026-11-21T09:00:05.000Z',
    delivered_at: '2026-11-21T09:00:09.000Z',
    opened_at: null,
    clicked_at: null,
    read_at: null,
    created_at: '2026-11-21T09:00:01.000Z',
    success: true,
    error_message: null,
    intent: null,
    phi_included: false,
    encrypted_at: null,
    is_acceptance_email: false,
    attachments_count: 0,
    unread_count: 0,
    last_message: null,
    last_message_at: null,
    ...overrides,
  };
}
