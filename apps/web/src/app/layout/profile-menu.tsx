import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconFileCertificate,
  IconLogout,
  IconShieldCheck,
  IconUserCircle,
} from '@tabler/icons-react';
import { type Me, roleLabel } from '@trust/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyDialog } from '../lazy-component.tsx';

/** The profile panel's code (password, two-factor, consent history) is fetched when it first opens (issue #13). */
export const ProfilePanel = lazyDialog(() => import('./profile-panel.tsx').then((m) => m.ProfilePanel));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The header's profile button (003 §2.2). The full profile panel (003 §2.10) arrives in a later issue. */
export function ProfileMenu({
  user,
  compact,
  onSignOut,
}: {
  user: Me;
  compact: boolean;
  onSignOut: () => void;
}) {
  const [profileOpen, setProfileOpen] = useState(false);
  const navigate = useNavigate();
  const roleId = useId();
  // Consent documents are platform-wide: platform operators publish them (issue #12; the product roles
  // admin/administrator are not enough). The server decides; this only hides a link others cannot use.
  const consentAdmin = user.is_platform_operator;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Profile: ${user.name}`}
          // WCAG 2.5.3: the visible text is the name (initials hidden), the role its description.
          aria-describedby={compact ? undefined : roleId}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="teal" radius="xl" size={compact ? 30 : 34} aria-hidden>
              {initials(user.name)}
            </Avatar>
            {!compact && (
              <div style={{ minWidth: 0, maxWidth: 200 }}>
                <Text size="sm" fw={600} truncate="end">
                  {user.name}
                </Text>
                <Text id={roleId} size="xs" c="dimmed" truncate="end" aria-hidden>
                  {roleLabel(user.role)}
                </Text>
              </div>
            )}
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" truncate="end">
            {user.email}
          </Text>
          <Text size="xs">{roleLabel(user.role)}</Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => setProfileOpen(true)}>
          Profile
        </Menu.Item>
        {consentAdmin && (
          <Menu.Item
            leftSection={<IconFileCertificate size={16} />}
            onClick={() => navigate('/consent-admin')}
          >
            Consent documents
          </Menu.Item>
        )}
        {/* Platform operators verify the providers organizations added by hand (issue #12). */}
        {user.is_platform_operator && (
          <Menu.Item
            leftSection={<IconShieldCheck size={16} />}
            onClick={() => navigate('/provider-verification')}
          >
            Provider verification
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
      {/* 003 §2.10; a portal, so it sits beside the dropdown rather than inside it. */}
      <ProfilePanel
        user={user}
        opened={profileOpen}
        onClose={() => setProfileOpen(false)}
        onSignOut={onSignOut}
      />
    </Menu>
  );
}
