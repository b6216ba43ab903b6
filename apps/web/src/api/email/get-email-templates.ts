import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplateList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { emailKeys } from './keys.ts';

/** GET /api/email/templates (001 §7): the templates of the email composer (001 §2.13). */
export function getEmailTemplates(signal?: AbortSignal): Promise<EmailTemplateList> {
  return apiRequest<EmailTemplateList>('/api/email/templates', { signal });
}

export function emailTemplatesQueryOptions() {
  return queryOptions({
    queryKey: emailKeys.templates(),
    queryFn: ({ signal }) => getEmailTemplates(signal),
    select: (data) => data.templates,
    staleTime: 5 * 60_000,
  });
}

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
