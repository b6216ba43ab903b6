import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { UnreadTotalBadge } from '../../components/communications/unread-total-badge.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import {
  NAV_GROUP_LABELS,
  NAV_GROUP_ORDER,
  TABS,
  type TabDef,
  tabFromPath,
  tabPath,
} from '../navigation/tabs.ts';

/**
 * The sidebar's destinations for this visitor: open tabs only when signed out; admin only when wide;
 * platform-wide screens (the outbox) only for platform operators.
 */
export function visibleNavTabs(signedIn: boolean, wide: boolean, platformOperator = false): TabDef[] {
  return TABS.filter(
    (tab) =>
      tab.group !== undefined &&
      (signedIn || tab.access === 'open') &&
      (wide || !tab.wideOnly) &&
      (platformOperator || !tab.operatorOnly),
  );
}

interface NavLinksProps {
  signedIn: boolean;
  wide: boolean;
  compact: boolean;
  onNavigate: () => void;
}

export function NavLinks({ signedIn, wide, compact, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  const current = tabFromPath(pathname)?.tab.name;
  const { user } = useAuth();
  const tabs = visibleNavTabs(signedIn, wide, user?.is_platform_operator ?? false);

  return (
    <Stack gap={compact ? 4 : 'xs'} component="nav" aria-label="Main navigation">
      {NAV_GROUP_ORDER.map((group) => {
        const inGroup = tabs.filter((tab) => tab.group === group);
        if (inGroup.length === 0) return null;
        const label = NAV_GROUP_LABELS[group];
        return (
          <div key={group}>
            {label && (
              <Text
                size="xs"
                fw={700}
                c="dimmed"
                tt="uppercase"
                px={compact ? 8 : 12}
                pt={compact ? 4 : 6}
                pb={2}
              >
                {label}
              </Text>
            )}
            {inGroup.map((tab) => {
              const TabIcon = tab.icon;
              return (
                <NavLink
                  key={tab.name}
                  component={Link}
                  to={tabPath(tab.name)}
                  label={tab.title}
                  active={current === tab.name}
                  aria-current={current === tab.name ? 'page' : undefined}
                  leftSection={TabIcon ? <TabIcon size={compact ? 16 : 18} stroke={1.6} /> : null}
                  rightSection={
                    signedIn && tab.name === 'provider-communications' ? <UnreadTotalBadge /> : undefined
                  }
                  onClick={onNavigate}
                  py={compact ? 6 : 8}
                  px={compact ? 8 : 12}
                  styles={{ label: { fontSize: compact ? 'var(--mantine-font-size-sm)' : undefined } }}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </div>
        );
      })}
    </Stack>
  );
}
