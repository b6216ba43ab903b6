import { Burger, Button, Group, Title, UnstyledButton } from '@mantine/core';
import { IconShieldHeart } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';
import { useOverlays } from '../overlays/overlay-context.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';
import { ProfileMenu } from './profile-menu.tsx';

/** 003 §1, §2.2: the title 'Trust Marketplace'; Login when signed out, the profile button when signed in. */
export function AppHeader({ wide, phone }: { wide: boolean; phone: boolean }) {
  const { user, signOut } = useAuth();
  const { navOpen, toggleNav, openLogin } = useOverlays();
  // The /login page already shows the form; a second one in a modal would only confuse.
  const onLoginPage = useLocation().pathname === '/login';
  return (
    <Group h="100%" px={phone ? 'xs' : 'md'} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={phone ? 6 : 'sm'} wrap="nowrap" style={{ minWidth: 0 }}>
        {!wide && (
          <Burger
            opened={navOpen}
            onClick={toggleNav}
            size="sm"
            aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
          />
        )}
        <UnstyledButton component={Link} to="/" aria-label="Trust Marketplace home" style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <IconShieldHeart
              size={phone ? 22 : 26}
              color="var(--mantine-color-teal-6)"
              style={{ flexShrink: 0 }}
            />
            <Title order={1} size={phone ? 'h5' : 'h4'} style={{ whiteSpace: 'nowrap' }}>
              Trust Marketplace
            </Title>
          </Group>
        </UnstyledButton>
      </Group>
      {user ? (
        <Group gap={phone ? 4 : 'xs'} wrap="nowrap">
          {user.active_cbo_id !== null && <NotificationsMenu />}
          <ProfileMenu user={user} compact={phone} onSignOut={signOut} />
        </Group>
      ) : onLoginPage ? null : (
        <Button size={phone ? 'xs' : 'sm'} onClick={openLogin}>
          Login
        </Button>
      )}
    </Group>
  );
}
