import { Badge, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ENROLLMENT_MESSAGES,
  type Enrollment,
  type EnrollmentNoteCreateInput,
  type EnrollmentNoteList,
  enrollmentLabel,
  NOTE_DEFAULTS,
  NOTE_TYPE_LABELS,
  NOTE_TYPES,
} from '@trust/domain';
import { useState } from 'react';
import { useCreateNote, useDeleteNote, useUpdateNote } from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { useEditRecord } from './edit-record.ts';
import { EditRecordModal } from './edit-record-modal.tsx';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordCard, RecordListStatus } from './record-list.tsx';
import { DeleteRowAction, EditRowAction, RowActions } from './row-actions.tsx';

type NoteForm = { note_text: string; note_type: string; is_confidential: boolean };

/** 002 §9: a new note is general and not confidential. */
const blank = (): NoteForm => ({ note_text: '', note_type: NOTE_DEFAULTS.note_type, is_confidential: false });

/** The note's fields, the same when adding and when editing one. */
function NoteFields({
  form,
  onChange,
  textError,
}: {
  form: NoteForm;
  onChange: (form: NoteForm) => void;
  textError: string | null;
}) {
  return (
    <>
      <Textarea
        label="Note"
        required
        rows={3}
        value={form.note_text}
        onChange={(e) => onChange({ ...form, note_text: e.currentTarget.value })}
        error={textError}
      />
      <Group align="flex-end">
        <NativeSelect
          label="Note type"
          w={200}
          value={form.note_type}
          onChange={(e) => onChange({ ...form, note_type: e.currentTarget.value })}
          data={NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }))}
        />
        <Checkbox
          label="Confidential (only you, managers and administrators)"
          checked={form.is_confidential}
          onChange={(e) => onChange({ ...form, is_confidential: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </>
  );
}

/** The body of a note's POST or PUT, with the client's check of 002 §5 (note text required). */
function noteBody(form: NoteForm): Omit<EnrollmentNoteCreateInput, 'enrollment_id'> | { error: string } {
  if (!form.note_text.trim()) return { error: ENROLLMENT_MESSAGES.noteTextRequired };
  return {
    note_text: form.note_text,
    note_type: form.note_type as EnrollmentNoteCreateInput['note_type'],
    is_confidential: form.is_confidential,
  };
}

/**
 * Notes (002 §2 Enrollment Details; §5 note text required; §9 type general). A confidential note is shown only
 * to its author and the organization's managers and administrators: the server leaves it out for the others.
 */
export function NotesPanel({
  enrollment,
  list,
}: {
  enrollment: Enrollment;
  list: UseQueryResult<EnrollmentNoteList>;
}) {
  const [form, setForm] = useState(blank);
  const [textError, setTextError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = useCreateNote(enrollment.id);
  const update = useUpdateNote(enrollment.id);
  const editor = useEditRecord({
    update,
    body: noteBody,
    textField: 'note_text',
    updatedMessage: ENROLLMENT_MESSAGES.noteUpdated,
    failedMessage: ENROLLMENT_MESSAGES.updateNoteFailed,
  });
  const deletion = useDeleteRecord(useDeleteNote(enrollment.id), ENROLLMENT_MESSAGES.deleteNoteFailed);

  const submit = () => {
    setError(null);
    const body = noteBody(form);
    if ('error' in body) {
      setTextError(body.error);
      return;
    }
    setTextError(null);
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.noteCreated });
        setForm(blank());
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.note_text) setTextError(e.fields.note_text);
        else setError(e);
      },
    });
  };

  const notes = list.data?.notes ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <AddRecordCard
          error={error === null ? null : errorText(error, ENROLLMENT_MESSAGES.createNoteFailed)}
          submitLabel="Add Note"
          submitting={create.isPending}
          onSubmit={submit}
        >
          <NoteFields form={form} onChange={setForm} textError={textError} />
        </AddRecordCard>
      )}
      <RecordListStatus
        list={list}
        count={notes.length}
        failedMessage={ENROLLMENT_MESSAGES.fetchNotesFailed}
        emptyText="No notes yet."
      />
      {notes.map((note) => (
        <RecordCard
          key={note.id}
          actions={
            note.can_edit && (
              <RowActions>
                <EditRowAction
                  ariaLabel="Edit note"
                  onClick={() =>
                    editor.open(note.id, {
                      note_text: note.note_text,
                      note_type: note.note_type,
                      is_confidential: note.is_confidential,
                    })
                  }
                />
                <DeleteRowAction ariaLabel="Delete note" onClick={() => deletion.ask(note)} />
              </RowActions>
            )
          }
        >
          <Group gap="xs">
            <Badge variant="light">{enrollmentLabel(NOTE_TYPE_LABELS, note.note_type)}</Badge>
            {note.is_confidential && (
              <Badge variant="light" color="red" leftSection={<IconLock size={12} />}>
                Confidential
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {note.created_by_name ?? 'Unknown User'} · {formatDateTime(note.created_ts)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.note_text}
          </Text>
        </RecordCard>
      ))}
      <EditRecordModal title="Edit note" {...editor.dialog}>
        {editor.editing && (
          <NoteFields form={editor.editing.form} onChange={editor.change} textError={editor.textError} />
        )}
      </EditRecordModal>
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete note"
        message="Delete this note? This cannot be undone."
      />
    </Stack>
  );
}
