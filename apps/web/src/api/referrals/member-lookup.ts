import type { MemberLookup } from '@trust/domain';
import { apiRequest } from '../client.ts';

/**
 * POST /api/referrals/member-lookup (000 §2.1): the active organization's member with this Medicaid ID. A POST
 * so the ID stays out of URLs; the caller passes a signal to cancel a lookup the user has typed past.
 */
export function lookupMember(medicaidId: string, signal?: AbortSignal): Promise<MemberLookup> {
  return apiRequest<MemberLookup>('/api/referrals/member-lookup', {
    method: 'POST',
    body: { medicaid_id: medicaidId },
    signal,
  });
}
