import { Alert, Badge, Group, Menu, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconCheck, IconSelector } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Membership, orgRoleLabel } from '@trust/domain';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { meQueryKey } from '../../api/auth/get-me.ts';
import { readActiveCboId, saveActiveCboId, subscribeCredentials } from '../../api/credentials.ts';
import { useMyOrganizations } from '../../api/orgs/get-my-organizations.ts';
import { useSetActiveOrganization } from '../../api/orgs/set-active-organization.ts';
import { reloadPage } from '../../app/reload-page.ts';
import { chooseActiveMembership, organizationName } from './choose-active-membership.ts';
import { orgRoleColor } from './org-role-color.ts';

function RoleBadge({ role, id }: { role: string; id?: string }) {
  return (
    <Badge
      id={id}
      size="xs"
      variant="light"
      tt="none"
      color={orgRoleColor(role)}
      style={{ flexShrink: 0 }}
      // On the switcher the role is its description, not part of its name (WCAG 2.5.3: the visible text
      // the name does not hold is hidden from the name and read as the description instead).
      aria-hidden={id ? true : undefined}
    >
      {orgRoleLabel(role)}
    </Badge>
  );
}

/** 002 §2 "Organization switcher": in the sidebar when signed in. */
export function OrgSwitcher() {
  const memberships = useMyOrganizations();
  const switchOrg = useSetActiveOrganization();
  const queryClient = useQueryClient();
  const storedId = useSyncExternalStore(subscribeCredentials, readActiveCboId, () => null);
  const list = memberships.data ?? [];
  const roleId = useId();
  const storedIsMember = storedId !== null && list.some((m) => m.cbo_id === storedId);
  const active = storedIsMember ? chooseActiveMembership(list, storedId) : null;

  // 002 §2: with no active organization, the primary one (else the first) is chosen and stored. No reload:
  // nothing organization-specific was shown yet; the current user is re-read for the organization role.
  useEffect(() => {
    if (!memberships.data || storedIsMember) return;
    const chosen = chooseActiveMembership(memberships.data, null);
    if (!chosen) return;
    saveActiveCboId(chosen.cbo_id);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [memberships.data, storedIsMember, queryClient]);

  const select = (membership: Membership) => {
    if (membership.cbo_id === active?.cbo_id) return;
    switchOrg.mutate(membership.cbo_id, {
      onSuccess: (answer) => {
        saveActiveCboId(answer.cbo_id);
        // 002 §2: selecting an organization saves it and reloads the page, so no screen keeps the old one's data.
        reloadPage();
      },
    });
  };

  if (memberships.isPending) {
    return (
      <Text size="sm" c="dimmed" px="xs" py={6}>
        Loading...
      </Text>
    );
  }
  if (memberships.isError) {
    return (
      <Alert color="red" p="xs" title="Error loading orgs">
        <Text size="xs">{memberships.error.message || MESSAGES.loadOrgsFailed}</Text>
      </Alert>
    );
  }

  const label =
    list.length === 0 ? 'No organizations' : active ? organizationName(active) : 'Select Organization';

  return (
    <>
      <Menu position="bottom-start" width={280} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={`Organization: ${label}`}
            aria-describedby={active ? roleId : undefined}
            w="100%"
            p={8}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group gap={8} wrap="nowrap">
              <IconBuilding size={18} style={{ flexShrink: 0 }} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {label}
                </Text>
                {active && <RoleBadge role={active.role} id={roleId} />}
              </div>
              <IconSelector size={16} style={{ flexShrink: 0 }} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              No organizations found
            </Text>
          ) : (
            <ScrollArea.Autosize mah={384} type="auto" scrollbars="y">
              {list.map((membership) => (
                <Menu.Item
                  key={membership.id}
                  onClick={() => select(membership)}
                  disabled={switchOrg.isPending}
                  rightSection={membership.cbo_id === active?.cbo_id ? <IconCheck size={14} /> : null}
                  styles={{ itemLabel: { minWidth: 0 } }}
                >
                  <Text size="sm" truncate="end">
                    {organizationName(membership)}
                  </Text>
                  <RoleBadge role={membership.role} />
                </Menu.Item>
              ))}
            </ScrollArea.Autosize>
          )}
        </Menu.Dropdown>
      </Menu>
      {switchOrg.isError && (
        <Text size="xs" c="red" role="alert" mt={4}>
          {MESSAGES.switchOrgFailed}
        </Text>
      )}
    </>
  );
}
