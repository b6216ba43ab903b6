import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  inviteRequestSchema,
  ORG_ROLES,
  type OrgRole,
  orgRoleLabel,
  USER_MANAGEMENT_MESSAGES as UM,
} from '@trust/domain';
import { useInviteUser } from '../../api/admin/invitations.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

/** 002 §5: an email is text, @, domain, dot. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = { name: string; email: string; role: OrgRole };

/** The request as sent: name and email trimmed. */
const toBody = ({ name, email, role }: Values) => ({ name: name.trim(), email: email.trim(), role });

/** 002 §2 Invite User modal: full name, email, role (default staff; 002 §5 rules and messages). */
export function InviteUserModal({
  cboId,
  opened,
  canGrantSuperAdmin,
  onClose,
}: {
  cboId: number;
  opened: boolean;
  canGrantSuperAdmin: boolean;
  onClose: () => void;
}) {
  const form = useZodForm({
    schema: inviteRequestSchema,
    initialValues: { name: '', email: '', role: 'staff' } as Values,
    toInput: toBody,
    // 002 §5: one message for the whole form, shown above it.
    rules: ({ name, email, role }) => {
      if (!name.trim() || !email.trim() || !role) return { name: UM.requiredFields };
      return EMAIL_PATTERN.test(email.trim()) ? {} : { email: UM.invalidEmail };
    },
    clearInputErrorOnChange: false,
  });
  const invite = useInviteUser(cboId);
  // The inputs carry no message of their own: the first one, or the server's, shows in the alert.
  const problem = form.formError ?? Object.values(form.errors)[0] ?? null;

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  const submit = form.onSubmit(() => {
    const body = toBody(form.getValues());
    invite.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Invitation sent to ${body.email}` });
        close();
      },
      onError: (error) => applyServerErrors(form, error, UM.sendInvitationFailed),
    });
  });

  const roles = ORG_ROLES.filter((r) => canGrantSuperAdmin || r !== 'super_admin');
  return (
    <Modal opened={opened} onClose={close} title="Invite User" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput label="Full name" required {...form.getInputProps('name', { withError: false })} />
          <TextInput
            label="Email"
            type="email"
            required
            {...form.getInputProps('email', { withError: false })}
          />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: orgRoleLabel(r) }))}
            value={form.values.role}
            onChange={(v) => v && form.setFieldValue('role', v as OrgRole)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
