import type { Call, CommunicationMethod, ProviderReferral, Voicemail } from '@trust/domain';

// Made-up calls, voicemails and referrals for the phone view's tests.

export function makeCall(overrides: Partial<Call> = {}): Call {
  return {
    id: 1,
    communication_id: 101,
    call_sid: 'CA1234567890abcdef1234567890abcdef',
    direction: 'outbound',
    to_number: '+12135550192',
    from_number: '+13105550100',
    initiated_at: '2026-11-22T10:00:00.000Z',
    answered_at: null,
    ended_at: null,
    status: 'initiating',
    duration_seconds: null,
    recording_url: null,
    recording_duration_seconds: null,
    has_voicemail: false,
    record: true,
    call_type: 'general',
    referral_id: null,
    referral_number: null,
    provider_id: 55,
    provider_name: 'Harbor Test Services',
    placed_by_name: 'Dana Rivers',
    error_message: null,
    transcription_text: null,
    transcription_status: 'none',
    ...overrides,
  };
}

export function makeVoicemail(overrides: Partial<Voicemail> = {}): Voicemail {
  return {
    id: 1,
    communication_id: 201,
    from_number: '+12135550101',
    duration_seconds: 40,
    received_at: '2026-11-22T09:30:00.000Z',
    recording_url: '/api/voicemails/1/recording',
    recording_content_type: 'audio/mpeg',
    transcription_text: null,
    transcription_status: 'none',
    is_read: false,
    provider_id: 55,
    provider_name: 'Harbor Test Services',
    referral_id: null,
    referral_number: null,
    ...overrides,
  };
}

export function makeProviderReferral(overrides: Partial<ProviderReferral> = {}): ProviderReferral {
  return {
    id: 9,
    referral_number: '4821006633',
    member_name: 'Rosa Test',
    status: 'Sent',
    sdoh_needs: ['Housing Assistance'],
    urgency: 'Within 24h',
    urgency_level: 'Urgent',
    created_at: '2026-11-20T10:00:00.000Z',
    linked: true,
    ...overrides,
  };
}

export function makePhoneMethod(
  id: number,
  contactValue: string,
  notes: string | null = null,
): CommunicationMethod {
  return {
    id,
    provider_id: 55,
    provider_name: 'Harbor Test Services',
    method_type: 'phone',
    contact_value: contactValue,
    notes,
    verified: false,
    is_preferred: false,
    success_count: 0,
    failure_count: 0,
    success_rate: 0,
    priority: 60,
    discovery_method: 'manual',
    discovered_at: null,
    accepts_referrals: true,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}
