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
  type TemplateValues,
} from '@trust/domain';
import { useState } from 'react';
import type { EmailDraft } from '../../../api/email/send-email.ts';
import { attachmentsProblem, fillTemplate, parseCc, templateLabel } from './email-draft.ts';

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
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [html, setHtml] = useState(false);
  const [cc, setCc] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const blank = !subject.trim() || !body.trim();
  const touched = subject !== '' || body !== '';
  const fileProblem = attachmentsProblem(files);
  const noAddress = !providerEmail;
  const disabled = blank || sending || noAddress || fileProblem !== null;

  const clear = () => {
    setTemplateId('');
    setSubject('');
    setBody('');
    setHtml(false);
    setCc('');
    setFiles([]);
  };

  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    const filled = fillTemplate(template, values, html);
    setSubject(filled.subject);
    setBody(filled.body);
  };

  const send = async () => {
    if (disabled) return;
    const sent = await onSend({
      subject,
      body,
      use_html: html,
      cc_emails: parseCc(cc),
      template_id: templateId || null,
      attachments: files,
    });
    if (sent) clear();
  };

  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Send email"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
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
      <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
      <Textarea label="Message" rows={6} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      <Group gap="md" wrap="wrap" align="flex-end">
        <Checkbox label="HTML" checked={html} onChange={(e) => setHtml(e.currentTarget.checked)} />
      </Group>
      <TextInput
        label="CC"
        placeholder="name@example.org, other@example.org"
        value={cc}
        onChange={(e) => setCc(e.currentTarget.value)}
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
