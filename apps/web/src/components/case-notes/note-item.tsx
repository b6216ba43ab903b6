import { Badge, Button, Group, Input, Paper, Stack, Text, Typography } from '@mantine/core';
import {
  CASE_NOTE_MESSAGES,
  type CaseNote,
  type CaseNoteVisibility,
  caseNoteUpdateSchema,
  isNoteEdited,
  noteAuthor,
} from '@trust/domain';
import { useState } from 'react';
import { useDeleteCaseNote } from '../../api/case-notes/delete-case-note.ts';
import { useUpdateCaseNote } from '../../api/case-notes/update-case-note.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { applyServerErrors } from '../form/apply-server-errors.ts';
import { useZodForm } from '../form/use-zod-form.ts';
import { formatDateTime, noteRelativeTime } from '../format-date.ts';
import { NoteAudio, VoiceNoteBadge } from './note-audio.tsx';
import { NoteEditor, useNoteEditor } from './note-editor.tsx';
import { noteDisplayHtml } from './note-html.ts';
import { SharedBadge, ShareToggle } from './note-sharing.tsx';

export type NoteErrorReporter = (title: string, error: unknown) => void;

/** The inline editor of one note (001 §5: saving an edit requires non-blank text), and whom it is shared with. */
function EditNote({
  note,
  referringOrgId,
  onDone,
  onError,
}: {
  note: CaseNote;
  referringOrgId: number;
  onDone: () => void;
  onError: NoteErrorReporter;
}) {
  const { editor, text } = useNoteEditor({
    content: noteDisplayHtml(note),
    label: `Edit note by ${noteAuthor(note.author_name)}`,
  });
  // The text is the editor's (useNoteEditor); the form holds whom the note is shared with and checks the whole
  // request as the server does (the length of the text and of the rich text).
  const form = useZodForm({
    schema: caseNoteUpdateSchema,
    initialValues: { visibility: note.visibility as CaseNoteVisibility },
    toInput: ({ visibility }) => ({ content: text, content_html: editor?.getHTML() ?? null, visibility }),
  });
  const { visibility } = form.values;
  const update = useUpdateCaseNote(note.referral_id);
  // A field's message (the server's or the schema's) shows under the editor; any other failure in the panel's
  // banner.
  const fieldError = Object.values(form.errors)[0];
  const send = form.onSubmit((body) => {
    if (!editor) return;
    update.mutate(
      {
        id: note.id,
        content: body.content,
        content_html: body.content_html ?? editor.getHTML(),
        visibility: body.visibility ?? visibility,
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          applyServerErrors(form, error, CASE_NOTE_MESSAGES.updateFailed);
          if (!(error instanceof ApiError && error.fields)) onError(CASE_NOTE_MESSAGES.updateFailed, error);
        },
      },
    );
  });
  const save = () => {
    if (editor && text) send();
  };
  return (
    <Stack gap="xs">
      <NoteEditor editor={editor} minHeight={80} />
      {fieldError && <Input.Error>{fieldError}</Input.Error>}
      {/* Named for the other side of the note's own organization (a platform operator may edit either side's). */}
      <ShareToggle
        sharesWith={note.organization_id === referringOrgId ? 'provider' : 'referrer'}
        checked={visibility === 'shared'}
        onChange={(checked) => form.setFieldValue('visibility', checked ? 'shared' : 'internal')}
        disabled={update.isPending}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button size="xs" onClick={save} disabled={!text} loading={update.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One entry of the Note History (001 §2.17): author, when, whether it is shared with the referral's other side
 * (issue #12), the note, and Edit / Delete for who may.
 */
export function NoteItem({
  note,
  referringOrgId,
  onError,
}: {
  note: CaseNote;
  referringOrgId: number;
  onError: NoteErrorReporter;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCaseNote(note.referral_id);
  const author = noteAuthor(note.author_name);

  const confirmDelete = () =>
    remove.mutate(note.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        onError(CASE_NOTE_MESSAGES.deleteFailed, error);
      },
    });

  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`Note by ${author}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
        <div>
          <Text fw={600} size="sm">
            {author}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed" title={formatDateTime(note.created_at)}>
              {noteRelativeTime(note.created_at)}
            </Text>
            {isNoteEdited(note) && (
              <Badge size="xs" variant="light" color="gray" title={formatDateTime(note.updated_at)}>
                edited
              </Badge>
            )}
            <SharedBadge note={note} referringOrgId={referringOrgId} />
            <VoiceNoteBadge note={note} />
          </Group>
        </div>
        {note.can_edit && !editing && (
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setEditing(true)}
              aria-label={`Edit note by ${author}`}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => setConfirming(true)}
              aria-label={`Delete note by ${author}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <EditNote
          note={note}
          referringOrgId={referringOrgId}
          onDone={() => setEditing(false)}
          onError={onError}
        />
      ) : (
        <Stack gap={6}>
          <NoteAudio note={note} author={author} />
          <Typography>
            {/* Sanitised twice: by the server when stored and here before it is shown (note-html.ts). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: purified with the editor's allowlist */}
            <div dangerouslySetInnerHTML={{ __html: noteDisplayHtml(note) }} />
          </Typography>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete note"
        message={CASE_NOTE_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
