import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboundSmsResult, SimulatedInboundSms } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { outboxQueryKey } from './get-outbox.ts';

/**
 * POST /api/outbox/inbound/sms (platform operators, local drivers only): a reply typed as if the provider had
 * texted it; it takes the inbound webhook's path (intent, accept or decline, STOP, HELP). A 422 says the real
 * SMS service is configured.
 */
export function simulateInboundSms(body: SimulatedInboundSms): Promise<InboundSmsResult> {
  return apiRequest<InboundSmsResult>('/api/outbox/inbound/sms', { method: 'POST', body });
}

export function useSimulateInboundSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundSms,
    // The confirmation texted back lands in the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
