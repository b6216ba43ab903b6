import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OtfRtfCreate, OtfRtfSubmission } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { otfRtfKeys } from './get-otf-rtf.ts';

/** POST /api/otf-rtf (000 §2.9; the spec does not show the call): one submission of the active organization. */
export function submitOtfRtf(form: OtfRtfCreate): Promise<OtfRtfSubmission> {
  return apiRequest<OtfRtfSubmission>('/api/otf-rtf', { method: 'POST', body: form });
}

export function useSubmitOtfRtf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOtfRtf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otfRtfKeys.all }),
  });
}
