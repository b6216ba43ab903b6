import { describe, expect, it } from 'vitest';
import {
  voiceConversationCreateResponseSchema,
  voiceConversationRequestSchema,
  voiceConversationSchema,
} from './voice-conversations-wire.ts';

const ok = (body: unknown) => voiceConversationRequestSchema.safeParse(body).success;

describe('POST /api/voice-conversations bodies (000 §7)', () => {
  it('create: a session id of 8–100 safe characters and an intake language', () => {
    expect(ok({ action: 'create', session_id: 'voice_1718-abc', language: 'es-ES' })).toBe(true);
    expect(ok({ action: 'create', session_id: 'short', language: 'es-ES' })).toBe(false);
    expect(ok({ action: 'create', session_id: 'x'.repeat(101), language: 'es-ES' })).toBe(false);
    expect(ok({ action: 'create', session_id: 'has space 123', language: 'es-ES' })).toBe(false);
    expect(ok({ action: 'create', session_id: 'voice_1718-abc', language: 'de-DE' })).toBe(false);
    expect(ok({ action: 'create', session_id: 'voice_1718-abc', language: 'en-US', extra: 1 })).toBe(false);
  });

  const update = {
    action: 'update',
    conversation_id: 7,
    transcript: 'Maria Lopez, Spanish',
    extracted_data: { first_name: 'Maria', sdoh_needs: ['Food Assistance'], member_consent_obtained: true },
    conversation_messages: [
      { type: 'assistant', content: 'Hello!', timestamp: '2025-06-15T12:00:00.000Z' },
      { type: 'user', content: 'Maria Lopez', timestamp: '2025-06-15T12:00:05+02:00' },
    ],
  };

  it('update: accepts a well-formed body', () => {
    expect(ok(update)).toBe(true);
  });

  it.each([
    ['a string id', { conversation_id: '7' }],
    ['id 0', { conversation_id: 0 }],
    ['a long transcript', { transcript: 'a'.repeat(50_001) }],
    ['an unknown field', { extracted_data: { favourite_colour: 'blue' } }],
    ['a number value', { extracted_data: { first_name: 5 } }],
    [
      'a bad message type',
      { conversation_messages: [{ type: 'system', content: 'x', timestamp: '2025-06-15T12:00:00Z' }] },
    ],
    ['a bad timestamp', { conversation_messages: [{ type: 'user', content: 'x', timestamp: 'yesterday' }] }],
    [
      'a long message',
      {
        conversation_messages: [
          { type: 'user', content: 'a'.repeat(5001), timestamp: '2025-06-15T12:00:00Z' },
        ],
      },
    ],
    [
      'too many messages',
      {
        conversation_messages: Array.from({ length: 501 }, () => ({
          type: 'user',
          content: 'x',
          timestamp: '2025-06-15T12:00:00Z',
        })),
      },
    ],
    ['an extra key', { referral: 1 }],
  ])('update: rejects %s', (_label, change) => {
    expect(ok({ ...update, ...change })).toBe(false);
  });

  it('save_field: a known field, a value, its text and confidence', () => {
    const body = {
      action: 'save_field',
      conversation_id: 7,
      field_name: 'date_of_birth',
      extracted_value: '1985-03-04',
      original_text: 'born on March 4 1985',
      confidence: 'high',
    };
    expect(ok(body)).toBe(true);
    expect(ok({ ...body, extracted_value: ['Food Assistance'] })).toBe(true);
    expect(ok({ ...body, extracted_value: false })).toBe(true);
    expect(ok({ ...body, field_name: 'password' })).toBe(false);
    expect(ok({ ...body, confidence: 'low' })).toBe(false);
    expect(ok({ ...body, original_text: 'a'.repeat(5001) })).toBe(false);
    expect(ok({ ...body, extracted_value: null })).toBe(false);
  });

  it('rejects an unknown action', () => {
    expect(ok({ action: 'delete', conversation_id: 7 })).toBe(false);
  });

  it('create response carries the conversation id', () => {
    expect(voiceConversationCreateResponseSchema.parse({ conversation_id: 3 })).toEqual({
      conversation_id: 3,
    });
    expect(voiceConversationCreateResponseSchema.safeParse({ conversation_id: 'x' }).success).toBe(false);
  });
});

describe('a saved conversation (000 §3.6)', () => {
  it('parses', () => {
    const conversation = {
      id: 3,
      session_id: 'voice_1718-abc',
      language: 'en-US',
      transcript: 'Maria Lopez',
      extracted_data: { first_name: 'Maria' },
      messages: [{ type: 'user', content: 'Maria Lopez', timestamp: '2025-06-15T12:00:00Z' }],
      fields: [
        {
          field: 'first_name',
          value: 'Maria',
          confidence: 'high',
          original_text: 'Maria Lopez',
          timestamp: '2025-06-15T12:00:00Z',
        },
      ],
      referral_id: null,
      created_at: '2025-06-15T12:00:00Z',
      updated_at: '2025-06-15T12:00:05Z',
    };
    expect(voiceConversationSchema.parse(conversation)).toEqual(conversation);
    expect(voiceConversationSchema.safeParse({ ...conversation, referral_id: undefined }).success).toBe(
      false,
    );
  });
});
