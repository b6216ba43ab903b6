import type { MantineColor } from '@mantine/core';

/** 002 §2: each organization in the switcher shows a coloured role badge; stronger roles, warmer colours. */
const ROLE_COLORS: Record<string, MantineColor> = {
  super_admin: 'red',
  org_admin: 'orange',
  manager: 'blue',
  staff: 'teal',
  viewer: 'gray',
};

export function orgRoleColor(role: string): MantineColor {
  return ROLE_COLORS[role] ?? 'gray';
}
