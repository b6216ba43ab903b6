import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import {
  COMMUNICATION_MESSAGES,
  EMAIL_MESSAGES,
  type EmailTemplate,
  emailSendSchema,
  type TemplateValues,
} from '@trust/domain';
import { useState } from 'react';
import type { EmailDraft } from '../../../api/email/send-email.ts';
import { useZodForm } from '../../form/use-zod-form.ts';
import { attachmentsProblem, fillTemplate, parseCc, templateLabel } from './email-draft.ts';

// The part of the send request the composer fills (the thread's provider, referral and address come from the
// conversation panel).
const composedEmailSchema = emailSendSchema.pick({
  subject: true,
  body: true,
  use_html: true,
  cc_emails: true,
  template_id: true,
});

export type ComposedEmail = Pick<
  EmailDraft,
  'cc_emails' | 'subject' | 'body' | 'use_html' | 'template_id' | 'attachments'
>;

/**
 * 001 §2.13 composer: Template (when templates exist), Subject, body, HTML, CC, attachments, Clear and 'Send
 * Email' ('Sending...' while busy). Sending needs a subject and a body ('Please enter subject and message') and
 * the provider's address. `onSend` resolves true when the email was taken; the form then empties.
 */
export function EmailComposer({
  templates,
  values,
  providerEmail,
  sending,
  error,
  onSend,
}: {
  templates: readonly EmailTemplate[];
  /** What the browser knows of the referral and provider for the placeholders. */
  values: TemplateValues;
  /** The address the thread is with; null when the provider has none. */
  providerEmail: string | null;
  sending: boolean;
  error: string | null;
  onSend: (email: ComposedEmail) => Promise<boolean>;
}) {
  const form = useZodForm({
    schema: composedEmailSchema,
    // CC is typed as one text; the request carries the addresses.
    initialValues: { template_id: '', subject: '', body: '', use_html: false, cc_emails: '' },
    toInput: (v) => ({ ...v, cc_emails: parseCc(v.cc_emails), template_id: v.template_id || null }),
  });
  // The files stay out of the form's values (the form copies its values on each change, which a File does not
  // survive).
  const [files, setFiles] = useState<File[]>([]);
  const { template_id: templateId, subject, body, use_html: html } = form.values;

  const blank = !subject.trim() || !body.trim();
  const touched = subject !== '' || body !== '';
  const fileProblem = attachmentsProblem(files);
  const noAddress = !providerEmail;
  const disabled = blank || sending || noAddress || fileProblem !== null;

  const clear = () => {
    form.reset();
    setFiles([]);
  };

  const chooseTemplate = (id: string) => {
    const template = templates.find((t) => t.id === id);
    if (!template) {
      form.setFieldValue('template_id', id);
      return;
    }
    form.setValues({ template_id: id, ...fillTemplate(template, values, html) });
  };

  const send = form.onSubmit(async (email) => {
    const sent = await onSend({
      subject: email.subject,
      body: email.body,
      use_html: email.use_html === true,
      cc_emails: Array.isArray(email.cc_emails) ? email.cc_emails : [],
      template_id: email.template_id ?? null,
      attachments: files,
    });
    if (sent) clear();
  });

  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Send email"
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) send();
      }}
    >
      {noAddress && (
        <Alert color="orange" role="status">
          {COMMUNICATION_MESSAGES.emailMissing}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {templates.length > 0 && (
        <NativeSelect
          label="Template"
          value={templateId}
          onChange={(e) => chooseTemplate(e.currentTarget.value)}
          data={[
            { value: '', label: 'No template' },
            ...templates.map((t) => ({ value: t.id, label: templateLabel(t) })),
          ]}
        />
      )}
      <TextInput label="Subject" {...form.getInputProps('subject')} />
      <Textarea label="Message" rows={6} {...form.getInputProps('body')} />
      <Group gap="md" wrap="wrap" align="flex-end">
        <Checkbox label="HTML" {...form.getInputProps('use_html', { type: 'checkbox' })} />
      </Group>
      <TextInput
        label="CC"
        placeholder="name@example.org, other@example.org"
        {...form.getInputProps('cc_emails')}
      />
      <FileInput
        label="Attachments"
        placeholder="Choose files"
        multiple
        clearable
        value={files}
        onChange={setFiles}
        leftSection={<IconPaperclip size={14} />}
        error={fileProblem}
      />
      {touched && blank && (
        <Text size="xs" c="orange" role="status">
          {COMMUNICATION_MESSAGES.subjectAndMessageRequired}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={clear} disabled={sending}>
          Clear
        </Button>
        <Button type="submit" leftSection={<IconSend size={14} />} disabled={disabled}>
          {sending ? EMAIL_MESSAGES.sending : EMAIL_MESSAGES.send}
        </Button>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={14} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
        <Text size="xs" c="dimmed">
          {EMAIL_MESSAGES.securityNotice}
        </Text>
      </Group>
    </Stack>
  );
}
