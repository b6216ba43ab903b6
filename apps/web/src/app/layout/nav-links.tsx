import { Box, NavLink, Stack, Text } from '@mantine/core';
import { isOrgManager, type Me, ORG_ADMIN_ROLES, type OrgRole } from '@trust/domain';
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

/** Who is looking at the sidebar: signed in or not, their role in the active organization, operator or not. */
export interface NavViewer {
  signedIn: boolean;
  orgRole: OrgRole | null;
  platformOperator: boolean;
}

export function navViewer(user: Me | null): NavViewer {
  return {
    signedIn: user !== null,
    orgRole: user?.org_role ?? null,
    platformOperator: user?.is_platform_operator ?? false,
  };
}

/** Whether the viewer's roles may use a tab, by the server's role lists (`TabAudience`). */
function mayUse(tab: TabDef, viewer: NavViewer): boolean {
  switch (tab.audience) {
    case 'writers':
      return viewer.orgRole !== null && viewer.orgRole !== 'viewer';
    case 'org-admins':
      return viewer.orgRole !== null && ORG_ADMIN_ROLES.includes(viewer.orgRole);
    case 'managers':
      return isOrgManager(viewer.orgRole);
    case 'operators':
      return viewer.platformOperator;
    case 'admins-and-operators':
      return viewer.platformOperator || (viewer.orgRole !== null && ORG_ADMIN_ROLES.includes(viewer.orgRole));
    default:
      return true;
  }
}

/**
 * The sidebar's destinations for this visitor: the open tabs when signed out; when signed in, the tabs their
 * roles may use; the admin tab only when wide; never a screen not built yet (its route still answers).
 */
export function visibleNavTabs(viewer: NavViewer, wide: boolean): TabDef[] {
  return TABS.filter(
    (tab) =>
      tab.group !== undefined &&
      !tab.notBuilt &&
      (wide || !tab.wideOnly) &&
      (tab.access === 'open' || (viewer.signedIn && mayUse(tab, viewer))),
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
  const tabs = visibleNavTabs(navViewer(signedIn ? user : null), wide);

  return (
    <Stack gap={compact ? 4 : 'xs'} component="nav" aria-label="Main navigation">
      {NAV_GROUP_ORDER.map((group) => {
        const inGroup = tabs.filter((tab) => tab.group === group);
        if (inGroup.length === 0) return null;
        const label = NAV_GROUP_LABELS[group];
        return (
          // A labelled group per area, so a screen reader announces 'Referrals, group' before its links.
          <Box key={group} role="group" aria-labelledby={label ? `nav-group-${group}` : undefined}>
            {label && (
              <Text
                id={`nav-group-${group}`}
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
          </Box>
        );
      })}
    </Stack>
  );
}
