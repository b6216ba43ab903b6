import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSendResponse } from '@trust/domain';
import { apiRequest, fetchWithSession } from '../client.ts';
import { communicationKeys } from '../communications/keys.ts';
import { emailKeys } from './keys.ts';

export type EmailDraft = {
  provider_id: number;
  referral_id?: number | null;
  to_email?: string | null;
  cc_emails: string[];
  subject: string;
  body: string;
  use_html: boolean;
  template_id?: string | null;
  attachments: File[];
};

/** A multipart POST with the session; the browser sets the boundary itself. */
async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetchWithSession(path, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await response.json()) as T;
}

/**
 * POST /api/email/send: JSON, or multipart/form-data with the files under `attachments` when there are some
 * (stored like case documents on the server).
 */
export function sendEmail(draft: EmailDraft): Promise<EmailSendResponse> {
  const { attachments, ...fields } = draft;
  if (attachments.length === 0) {
    return apiRequest<EmailSendResponse>('/api/email/send', { method: 'POST', body: fields });
  }
  const form = new FormData();
  form.append('provider_id', String(fields.provider_id));
  if (fields.referral_id) form.append('referral_id', String(fields.referral_id));
  if (fields.to_email) form.append('to_email', fields.to_email);
  if (fields.cc_emails.length > 0) form.append('cc_emails', fields.cc_emails.join(', '));
  form.append('subject', fields.subject);
  form.append('body', fields.body);
  form.append('use_html', String(fields.use_html));
  if (fields.template_id) form.append('template_id', fields.template_id);
  for (const file of attachments) form.append('attachments', file, file.name);
  return postForm<EmailSendResponse>('/api/email/send', form);
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
      ]),
  });
}
