import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORG_ROLES, type OrgRole, orgRoleLabel, USER_MANAGEMENT_MESSAGES as UM } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { useInviteUser } from '../../api/admin/invitations.ts';
import { ApiError, errorText } from '../../api/errors.ts';

/** 002 §5: an email is text, @, domain, dot. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('staff');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInviteUser(cboId);

  const close = () => {
    setName('');
    setEmail('');
    setRole('staff');
    setProblem(null);
    invite.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !role) return setProblem(UM.requiredFields);
    if (!EMAIL_PATTERN.test(email.trim())) return setProblem(UM.invalidEmail);
    setProblem(null);
    invite.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Invitation sent to ${email.trim()}` });
          close();
        },
        onError: (error) => {
          const fieldMessage =
            error instanceof ApiError && error.fields ? Object.values(error.fields)[0] : null;
          setProblem(errorText(error, fieldMessage ?? UM.sendInvitationFailed));
        },
      },
    );
  };

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
          <TextInput
            label="Full name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: orgRoleLabel(r) }))}
            value={role}
            onChange={(v) => v && setRole(v as OrgRole)}
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
