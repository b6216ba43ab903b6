import { describe, expect, it } from 'vitest';
import { orgRoleLabel, roleLabel } from './roles.ts';

describe('role labels (003 §3)', () => {
  it('labels every known product role', () => {
    expect(roleLabel('case_manager')).toBe('Case Manager');
    expect(roleLabel('community_provider')).toBe('Community Provider (CBO)');
    expect(roleLabel('administrator')).toBe('Administrator');
    expect(roleLabel('admin')).toBe('Administrator');
    expect(roleLabel('provider')).toBe('Healthcare Provider');
    expect(roleLabel('cbo_staff')).toBe('CBO Staff');
    expect(roleLabel('system')).toBe('System User');
  });
  it('shows an unknown role raw', () => {
    expect(roleLabel('wizard')).toBe('wizard');
  });
  it('labels organization roles (002 §6)', () => {
    expect(orgRoleLabel('super_admin')).toBe('Super Administrator');
    expect(orgRoleLabel('viewer')).toBe('Viewer');
  });
});
