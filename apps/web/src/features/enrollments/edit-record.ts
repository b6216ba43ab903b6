import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';

/** Every update mutation of an enrollment's records takes the record's id with the fields it changes. */
type UpdateById<B> = Pick<UseMutationResult<unknown, Error, B & { id: number }>, 'mutate' | 'isPending'>;

/**
 * The record a panel edits in a dialog (EditRecordModal, whose props `dialog` holds): its form, the client's
 * check (`body` answers { error } for the text field), the PUT, the success notice, and why a save failed — the
 * text field's own message, the other fields' messages (`fieldErrors`), or a refusal shown in the dialog.
 */
export function useEditRecord<F, B>(options: {
  update: UpdateById<B>;
  body: (form: F) => B | { error: string };
  /** The field whose server message shows under the text input (note_text, goal_text). */
  textField?: string;
  updatedMessage: string;
  failedMessage: string;
}) {
  const [editing, setEditing] = useState<{ id: number; form: F } | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const open = (id: number, form: F) => {
    setTextError(null);
    setError(null);
    setEditing({ id, form });
  };
  const save = () => {
    if (!editing) return;
    setError(null);
    const body = options.body(editing.form);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      setTextError(body.error);
      return;
    }
    setTextError(null);
    options.update.mutate(
      { ...(body as B), id: editing.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: options.updatedMessage });
          setEditing(null);
        },
        onError: (e) => {
          const own = options.textField && e instanceof ApiError ? e.fields?.[options.textField] : undefined;
          if (own) setTextError(own);
          else setError(e);
        },
      },
    );
  };

  return {
    editing,
    open,
    change: (form: F) => setEditing((current) => (current ? { ...current, form } : current)),
    textError,
    fieldErrors: error instanceof ApiError ? (error.fields ?? {}) : {},
    dialog: {
      opened: editing !== null,
      error: error === null ? null : errorText(error, options.failedMessage),
      saving: options.update.isPending,
      onSave: save,
      onClose: () => setEditing(null),
    },
  };
}
