import type { CommunicationMethod } from '@trust/domain';

/** A stored communication method for the send tests (001 §3). */
export function makeMethod(overrides: Partial<CommunicationMethod> = {}): CommunicationMethod {
  return {
    id: 11,
    provider_id: 501,
    provider_name: 'Bayview Food Pantry',
    method_type: 'phone',
    contact_value: '(510) 555-0100',
    notes: null,
    verified: false,
    is_preferred: false,
    success_count: 0,
    failure_count: 0,
    success_rate: 0,
    priority: 60,
    discovery_method: 'directory',
    discovered_at: '2026-11-01T10:00:00.000Z',
    accepts_referrals: true,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
