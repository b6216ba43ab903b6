import type { OrgRole, ProductRole } from '@trust/domain';
import type { organizations } from '../schema/index.ts';

export type DemoOrgKey = 'plan' | 'clinic' | 'harbor' | 'pantry';

/** Demo organizations: a health plan and a clinic that refer; two community organizations that serve. */
export const DEMO_ORGANIZATIONS: {
  key: DemoOrgKey;
  refers: boolean;
  provider?: { services: string[] };
  values: typeof organizations.$inferInsert;
}[] = [
  {
    key: 'plan',
    refers: true,
    values: {
      name: 'Golden Valley Health Plan',
      orgType: 'health_plan',
      description: 'Medicaid managed-care plan coordinating social-needs referrals for its members.',
      contactEmail: 'care.coordination@goldenvalley.example.org',
      contactPhone: '(213) 555-0140',
      address: '400 S Hope St, Los Angeles, CA 90071',
      website: 'https://goldenvalley.example.org',
    },
  },
  {
    key: 'clinic',
    refers: true,
    values: {
      name: 'Riverbend Family Clinic',
      orgType: 'clinic',
      description: 'Community health clinic referring patients with social needs.',
      contactEmail: 'frontdesk@riverbend.example.org',
      contactPhone: '(713) 555-0177',
      address: '2100 Travis St, Houston, TX 77002',
      website: 'https://riverbend.example.org',
    },
  },
  {
    key: 'harbor',
    refers: false,
    provider: {
      services: ['Housing Assistance', 'Housing navigation', 'Housing tenancy support', 'Food Assistance'],
    },
    values: {
      name: 'Harbor Community Services',
      orgType: 'cbo',
      description: 'Community-based organization offering housing navigation and food support.',
      contactEmail: 'referrals@harbor.example.org',
      contactPhone: '(213) 555-0192',
      address: '1150 E 4th St, Los Angeles, CA 90033',
      website: 'https://harbor.example.org',
    },
  },
  {
    key: 'pantry',
    refers: false,
    provider: { services: ['Food Assistance', 'Utility Assistance'] },
    values: {
      name: 'Lakeside Food Network',
      orgType: 'cbo',
      description: 'Food pantry network with delivery for homebound members.',
      contactEmail: 'hello@lakeside.example.org',
      contactPhone: '(312) 555-0123',
      address: '900 W Roosevelt Rd, Chicago, IL 60608',
      website: 'https://lakeside.example.org',
    },
  },
];

export type DemoUser = {
  email: string;
  name: string;
  phone: string;
  role: ProductRole;
  /** Memberships, the first one primary; 'all' = every demo organization with `allRole`. */
  orgs: { org: DemoOrgKey; role: OrgRole }[] | 'all';
  allRole?: OrgRole;
};

/**
 * One demo account per product role and per organization role (README lists them). All share DEMO_PASSWORD.
 */
export const DEMO_USERS: (DemoUser & { allRole: OrgRole })[] = (
  [
    {
      email: 'admin@trust.demo',
      name: 'Alex Admin',
      phone: '(213) 555-0101',
      role: 'administrator',
      orgs: 'all',
      allRole: 'super_admin',
    },
    {
      email: 'coordinator@trust.demo',
      name: 'Casey Coordinator',
      phone: '(213) 555-0102',
      role: 'case_manager',
      orgs: [
        { org: 'plan', role: 'staff' },
        { org: 'clinic', role: 'manager' },
      ],
    },
    {
      email: 'cbo@trust.demo',
      name: 'Corey Community',
      phone: '(213) 555-0103',
      role: 'community_provider',
      orgs: [{ org: 'harbor', role: 'org_admin' }],
    },
    {
      email: 'viewer@trust.demo',
      name: 'Vic Viewer',
      phone: '(213) 555-0104',
      role: 'cbo_staff',
      orgs: [{ org: 'plan', role: 'viewer' }],
    },
    {
      email: 'orgadmin@trust.demo',
      name: 'Olive Orgadmin',
      phone: '(213) 555-0105',
      role: 'admin',
      orgs: [{ org: 'plan', role: 'org_admin' }],
    },
    {
      email: 'manager@trust.demo',
      name: 'Morgan Manager',
      phone: '(213) 555-0106',
      role: 'case_manager',
      orgs: [{ org: 'plan', role: 'manager' }],
    },
    {
      email: 'provider@trust.demo',
      name: 'Parker Provider',
      phone: '(713) 555-0107',
      role: 'provider',
      orgs: [{ org: 'clinic', role: 'staff' }],
    },
    {
      email: 'staff@trust.demo',
      name: 'Sam Staff',
      phone: '(312) 555-0108',
      role: 'cbo_staff',
      orgs: [{ org: 'pantry', role: 'staff' }],
    },
    {
      email: 'system@trust.demo',
      name: 'System Integration',
      phone: '(312) 555-0109',
      role: 'system',
      orgs: [{ org: 'plan', role: 'staff' }],
    },
  ] satisfies DemoUser[]
).map((u) => ({ allRole: 'staff' as OrgRole, ...u }));
