import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMicrophone, IconPencil } from '@tabler/icons-react';
import { CASE_NOTE_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { useAddCaseNote } from '../../api/case-notes/add-case-note.ts';
import { useCaseNotes } from '../../api/case-notes/get-case-notes.ts';
import { useCaseNoteUpdates } from '../../api/case-notes/use-case-note-updates.ts';
import { ApiError } from '../../api/errors.ts';
import { LoadErrorAlert } from '../load-error-alert.tsx';
import { NoteEditor, useNoteEditor } from './note-editor.tsx';
import { type NoteErrorReporter, NoteItem } from './note-item.tsx';
import { type SharesWith, ShareToggle } from './note-sharing.tsx';
import { VoiceNoteForm } from './voice-note-form.tsx';

const PAGE_SIZE = 50;

type Banner = { title: string; detail: string | null };

/** The server's own text for a failed call, when it gave one (001 §8 banners carry it under their title). */
function detailOf(error: unknown): string | null {
  return error instanceof ApiError ? error.detail : null;
}

/**
 * The text-note form (001 §2.17): "Add Note" stays disabled while the note is blank or being saved. The note is
 * internal to the writer's organization unless shared (issue #12); the choice goes back to off after each note.
 */
function AddNote({
  referralId,
  sharesWith,
  onError,
  onAdded,
}: {
  referralId: number;
  sharesWith: SharesWith;
  onError: NoteErrorReporter;
  onAdded: () => void;
}) {
  const { editor, text } = useNoteEditor({ label: 'New note' });
  const [shared, setShared] = useState(false);
  const add = useAddCaseNote(referralId);
  const submit = () => {
    if (!editor || !text) return;
    add.mutate(
      { content: text, content_html: editor.getHTML(), visibility: shared ? 'shared' : 'internal' },
      {
        onSuccess: () => {
          editor.commands.clearContent(true);
          setShared(false);
          onAdded();
        },
        onError: (error) => onError(CASE_NOTE_MESSAGES.addFailed, error),
      },
    );
  };
  return (
    <Stack gap="xs">
      <NoteEditor editor={editor} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <ShareToggle sharesWith={sharesWith} checked={shared} onChange={setShared} disabled={add.isPending} />
        <Button onClick={submit} disabled={!text || add.isPending} loading={add.isPending} ml="auto">
          Add Note
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The case notes of one referral (001 §2.17; the case workspace's Notes tab): a rich-text editor for a new
 * note (tab 'Text Note') or a recorded one transcribed on the server (tab 'Voice Note', issue #19), then the Note
 * History, newest first. The list follows live changes of the referral's notes by anyone who sees it.
 */
export function CaseNotesPanel({ referralId }: { referralId: number }) {
  const [page, setPage] = useState(1);
  const [banner, setBanner] = useState<Banner | null>(null);
  const notes = useCaseNotes(referralId, page, PAGE_SIZE);
  useCaseNoteUpdates(referralId);

  const onError: NoteErrorReporter = (title, error) => setBanner({ title, detail: detailOf(error) });
  const pages = notes.data ? Math.max(1, Math.ceil(notes.data.total / PAGE_SIZE)) : 1;

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Title order={3}>{CASE_NOTE_MESSAGES.title}</Title>

        {banner && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={banner.title}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setBanner(null)}
          >
            {banner.detail}
          </Alert>
        )}

        {notes.data?.can_add && (
          <Tabs defaultValue="text" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="text" leftSection={<IconPencil size={16} />}>
                Text Note
              </Tabs.Tab>
              <Tabs.Tab value="voice" leftSection={<IconMicrophone size={16} />}>
                Voice Note
              </Tabs.Tab>
            </Tabs.List>
            {/* The text note's draft survives a look at the other tab; the recorder does not (leaving it releases the microphone). */}
            <Tabs.Panel value="text" keepMounted>
              <AddNote
                referralId={referralId}
                sharesWith={notes.data.shares_with}
                onError={onError}
                onAdded={() => setBanner(null)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="voice">
              <VoiceNoteForm
                referralId={referralId}
                sharesWith={notes.data.shares_with}
                onAdded={() => setBanner(null)}
              />
            </Tabs.Panel>
          </Tabs>
        )}

        <Title order={4}>Note History</Title>
        {notes.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading case notes" />
          </Center>
        ) : notes.isError ? (
          <LoadErrorAlert
            error={notes.error}
            title={CASE_NOTE_MESSAGES.loadFailed}
            message={detailOf(notes.error)}
            retryLabel="Try again"
            onRetry={() => void notes.refetch()}
          />
        ) : notes.data.notes.length === 0 ? (
          <Text c="dimmed" size="sm">
            {notes.data.can_add ? 'No notes yet. Write the first one above.' : 'No notes yet.'}
          </Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Note History"
            >
              {notes.data.notes.map((note) => (
                <NoteItem
                  key={note.id}
                  note={note}
                  referringOrgId={notes.data.referring_organization_id}
                  onError={onError}
                />
              ))}
            </Stack>
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={page} onChange={setPage} aria-label="Note pages" />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
