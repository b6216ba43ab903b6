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
import { useCreateNote, useDeleteNote } from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordCard, RecordListStatus } from './record-list.tsx';
import { DeleteRowAction } from './row-actions.tsx';

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
  const [text, setText] = useState('');
  const [noteType, setNoteType] = useState<string>(NOTE_DEFAULTS.note_type);
  const [confidential, setConfidential] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = useCreateNote(enrollment.id);
  const deletion = useDeleteRecord(useDeleteNote(enrollment.id), ENROLLMENT_MESSAGES.deleteNoteFailed);

  const submit = () => {
    setError(null);
    if (!text.trim()) {
      setTextError(ENROLLMENT_MESSAGES.noteTextRequired);
      return;
    }
    setTextError(null);
    const body: Omit<EnrollmentNoteCreateInput, 'enrollment_id'> = {
      note_text: text,
      note_type: noteType as EnrollmentNoteCreateInput['note_type'],
      is_confidential: confidential,
    };
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.noteCreated });
        setText('');
        setNoteType(NOTE_DEFAULTS.note_type);
        setConfidential(false);
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
          <Textarea
            label="Note"
            required
            rows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError}
          />
          <Group align="flex-end">
            <NativeSelect
              label="Note type"
              w={200}
              value={noteType}
              onChange={(e) => setNoteType(e.currentTarget.value)}
              data={NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }))}
            />
            <Checkbox
              label="Confidential (only you, managers and administrators)"
              checked={confidential}
              onChange={(e) => setConfidential(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
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
            note.can_edit && <DeleteRowAction ariaLabel="Delete note" onClick={() => deletion.ask(note)} />
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
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete note"
        message="Delete this note? This cannot be undone."
      />
    </Stack>
  );
}
