import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notifyFailure } from './notify-failure.ts';

/** Every delete mutation of an enrollment's records takes the record's id. */
type DeleteById = Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;

type DeleteDialogState = {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The record a panel asks about before deleting it (002 §5: a confirmation precedes a delete), and the delete.
 * The dialog closes once the request settles either way: a failed delete is reported by a notice instead.
 */
export function useDeleteRecord(remove: DeleteById, failedMessage: string) {
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const cancel = () => setDeletingId(null);
  const confirm = () => {
    if (deletingId === null) return;
    remove.mutate(deletingId, { onSettled: cancel, onError: (e) => notifyFailure(e, failedMessage) });
  };
  const dialog: DeleteDialogState = {
    opened: deletingId !== null,
    busy: remove.isPending,
    onConfirm: confirm,
    onCancel: cancel,
  };
  return { ask: (record: { id: number }) => setDeletingId(record.id), dialog };
}

/** The question `useDeleteRecord` asks; its `dialog` is spread in. */
export function DeleteRecordDialog({
  title,
  message,
  ...state
}: { title: string; message: string } & DeleteDialogState) {
  return <ConfirmDialog {...state} title={title} message={message} confirmLabel="Delete" danger />;
}
