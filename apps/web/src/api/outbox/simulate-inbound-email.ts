import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboundEmailResult, SimulatedInboundEmail } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { outboxQueryKey } from './get-outbox.ts';

/**
 * POST /api/outbox/inbound/email (platform operators, local drivers only): a reply as the provider to one
 * email of the outbox, threaded like a real reply (In-Reply-To). A 422 says the real email service is configured.
 */
export function simulateInboundEmail(body: SimulatedInboundEmail): Promise<InboundEmailResult> {
  return apiRequest<InboundEmailResult>('/api/outbox/inbound/email', { method: 'POST', body });
}

export function useSimulateInboundEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
