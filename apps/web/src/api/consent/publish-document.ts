import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentDocument, PublishConsentDocumentRequest } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** POST /api/consent/documents: publish a new version; every user re-signs at the next sign-in. */
export function publishDocument(body: PublishConsentDocumentRequest): Promise<ConsentDocument> {
  return apiRequest<ConsentDocument>('/api/consent/documents', { method: 'POST', body });
}

export function usePublishDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['consent'] }),
  });
}
