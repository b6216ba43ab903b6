import { Anchor, Button, Group, Input, Progress, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import type { EnrollmentDocument, FormField, FormFileAnswer } from '@trust/domain';
import { type ReactNode, useId, useState } from 'react';
import { downloadEnrollmentDocument } from '../../api/enrollments/documents.ts';
import { errorText } from '../../api/errors.ts';
import { postFormWithProgress } from '../../api/upload-form.ts';

/** The document type a form's uploads are stored under (the server checks it belongs to the form's enrollment). */
const FORM_ATTACHMENT = 'form_attachment';

function fileAnswer(value: unknown): FormFileAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return typeof v.file_id === 'number' && typeof v.file_name === 'string'
    ? { file_id: v.file_id, file_name: v.file_name }
    : null;
}

/**
 * A file field (002 §9; issue #16: a real upload, not the file's name): the chosen file goes to the enrollment's
 * documents as a form attachment, with its progress shown, and the answer is that document. Without an
 * enrollment (a template's preview) there is nowhere to store it, so the input is disabled.
 */
export function FileField({
  field,
  description,
  value,
  error,
  readOnly,
  enrollmentId,
  onChange,
}: {
  field: FormField;
  description: ReactNode;
  value: unknown;
  error: string | undefined;
  readOnly: boolean;
  enrollmentId: number | null;
  onChange: (value: unknown) => void;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const answer = fileAnswer(value);
  const shownError = uploadError ?? error;
  const describedBy = [description ? `${inputId}-description` : null, shownError ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');

  async function upload(file: File) {
    if (enrollmentId === null) return;
    setUploadError(null);
    setProgress(0);
    const form = new FormData();
    form.append('enrollment_id', String(enrollmentId));
    form.append('document_type', FORM_ATTACHMENT);
    form.append('file', file, file.name);
    try {
      const document = await postFormWithProgress<EnrollmentDocument>(
        '/api/enrollments/documents/',
        form,
        setProgress,
      );
      onChange({ file_id: document.id, file_name: document.file_name } satisfies FormFileAnswer);
    } catch (e) {
      setUploadError(errorText(e, `Failed to upload ${file.name}`));
    } finally {
      setProgress(null);
    }
  }

  const disabled = readOnly || enrollmentId === null || progress !== null;
  return (
    <Input.Wrapper
      label={field.label}
      labelProps={{ htmlFor: inputId }}
      withAsterisk={field.required}
      description={description}
      descriptionProps={{ id: `${inputId}-description` }}
      error={shownError}
      errorProps={{ id: `${inputId}-error` }}
    >
      <Group gap="sm" mt={4} wrap="wrap">
        {answer && (
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() =>
                void downloadEnrollmentDocument({ id: answer.file_id, file_name: answer.file_name }).catch(
                  () => setUploadError(`Failed to download ${answer.file_name}`),
                )
              }
            >
              {answer.file_name}
            </Anchor>
            {!readOnly && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={12} />}
                aria-label={`Remove ${answer.file_name} from ${field.label}`}
                onClick={() => onChange(null)}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
        {!readOnly && (
          <input
            id={inputId}
            type="file"
            disabled={disabled}
            required={field.required}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        )}
        {readOnly && !answer && (
          <Text size="sm" c="dimmed" id={inputId}>
            No file
          </Text>
        )}
      </Group>
      {progress !== null && (
        <Progress
          mt={6}
          value={Math.round(progress * 100)}
          size="sm"
          animated
          aria-label={`Uploading to ${field.label}: ${Math.round(progress * 100)}%`}
        />
      )}
      {enrollmentId === null && !readOnly && (
        <Text size="xs" c="dimmed" mt={4}>
          Files are uploaded once the form belongs to an enrollment.
        </Text>
      )}
    </Input.Wrapper>
  );
}
