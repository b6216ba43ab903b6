import { notifications } from '@mantine/notifications';
import { PROGRAM_MESSAGES, type Program } from '@trust/domain';
import { ApiError, errorText } from '../../api/errors.ts';
import { useProgram } from '../../api/programs/get-programs.ts';
import { useDeleteProgram } from '../../api/programs/save-program.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/**
 * 002 §5: a program's delete is confirmed first, and deleting it deletes its member enrollments: the question
 * says how many, counted now (the program is read again when the dialog opens). The delete carries confirm=true
 * only when the user was told of enrollments; if some were added meanwhile, the server refuses (409) and the
 * dialog asks again with the new count.
 */
export function DeleteProgramDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const fresh = useProgram(program?.id ?? null);
  const remove = useDeleteProgram();
  const current = fresh.data && fresh.data.id === program?.id ? fresh.data : null;
  const enrollments = current?.enrollment_count ?? program?.enrollment_count ?? 0;
  const counting = program !== null && fresh.isFetching;

  const confirm = () => {
    if (!program) return;
    remove.mutate(
      { id: program.id, confirm: enrollments > 0 },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message:
              result.enrollments_deleted > 0
                ? `${program.name} was deleted with ${result.enrollments_deleted} ${
                    result.enrollments_deleted === 1 ? 'enrollment' : 'enrollments'
                  }.`
                : `${program.name} was deleted.`,
          });
          onClose();
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: errorText(error, PROGRAM_MESSAGES.deleteFailed) });
          // Enrollments were added since the count: ask again with the new one.
          if (error instanceof ApiError && error.reason === 'program.has_enrollments') void fresh.refetch();
          else onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={program !== null}
      title="Delete program"
      message={
        counting && !current
          ? 'Counting the enrollments of this program…'
          : PROGRAM_MESSAGES.confirmDelete(program?.name ?? '', enrollments)
      }
      confirmLabel={enrollments > 0 ? 'Delete program and enrollments' : 'Delete'}
      danger
      busy={remove.isPending || (counting && !current)}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
