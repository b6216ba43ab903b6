import { notifications } from '@mantine/notifications';
import { FORM_MESSAGES, FORM_SERVER_MESSAGES, type FormTemplate } from '@trust/domain';
import { errorText } from '../../api/errors.ts';
import { useDeleteFormTemplate } from '../../api/forms/templates.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/**
 * 002 §5: a template's delete is confirmed first. Drafts started from it go with it; a template that submitted
 * forms use is refused by the server (409), whose message says to deactivate it instead.
 */
export function DeleteTemplateDialog({
  template,
  onClose,
}: {
  template: FormTemplate | null;
  onClose: () => void;
}) {
  const remove = useDeleteFormTemplate();

  const confirm = () => {
    if (!template) return;
    remove.mutate(template.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: FORM_SERVER_MESSAGES.templateDeleted });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Error:',
          message: errorText(error, FORM_MESSAGES.deleteTemplateFailed),
        });
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      opened={template !== null}
      title="Delete template"
      message={`Delete ${template?.name ?? 'this template'}? Draft forms started from it are deleted with it. This cannot be undone.`}
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
