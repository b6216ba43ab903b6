import {
  type Icon,
  IconActivity,
  IconAddressBook,
  IconAdjustmentsHorizontal,
  IconApi,
  IconArrowsShuffle,
  IconBolt,
  IconBuildingCommunity,
  IconCalendarUser,
  IconChartBar,
  IconChartPie,
  IconClipboardList,
  IconFileImport,
  IconFilePlus,
  IconForms,
  IconGauge,
  IconHeartHandshake,
  IconHierarchy2,
  IconHome,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconMapPinExclamation,
  IconMessages,
  IconPlugConnected,
  IconReceipt,
  IconRoute,
  IconSearch,
  IconShieldCheck,
  IconShieldLock,
  IconStethoscope,
  IconTemplate,
  IconTransform,
  IconUpload,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';

// 003 §2.1: every screen is a tab with a name. Here each tab name is also the URL path (`/queue`), so refresh,
// deep links and the browser's Back button work; tabs that need an id take it as a path segment.

export type TabAccess = 'open' | 'signed-in';

export type NavGroup =
  | 'overview'
  | 'referrals'
  | 'providers'
  | 'communications'
  | 'members'
  | 'workflows'
  | 'admin'
  | 'tools';

/**
 * Who may use a signed-in tab, as the server decides (its routes' role lists); the sidebar lists a tab only
 * for them (the server refuses everyone else anyway). Absent: every member of the active organization.
 * - 'writers': organization roles that change referrals, every role but viewer (`WRITERS` in the referral,
 *   matching and sending routes).
 * - 'org-admins': `ORG_ADMIN_ROLES`, super_admin and org_admin (the security log's route).
 * - 'managers': `ORG_MANAGER_ROLES`, super_admin, org_admin and manager (member fields, mappings, imports).
 * - 'operators': platform operators, `Me.is_platform_operator` (the outbox, provider verification).
 * - 'admins-and-operators': the organization's admins (`ORG_ADMIN_ROLES`, their organization's figures) and
 *   platform operators (the whole network's): System Metrics and the service gaps (issue #20).
 */
export type TabAudience = 'writers' | 'org-admins' | 'managers' | 'operators' | 'admins-and-operators';

export interface TabDef {
  name: string;
  title: string;
  access: TabAccess;
  /**
   * The tab takes an id as a second path segment (`/members-view/12`); 'optional' when the tab also shows
   * without one (`/queue` lists, `/queue/12` shows one referral).
   */
  withId?: boolean | 'optional';
  /** Views of one item below its id (`/queue/12/edit`). */
  subviews?: readonly string[];
  /** Where it sits in the sidebar; absent for tabs reached only from other screens. */
  group?: NavGroup;
  icon?: Icon;
  /** 003 §6: the admin tab exists only in the wide layout (1024 px and up). */
  wideOnly?: boolean;
  /** Who may use it (see `TabAudience`); absent: everyone the access rule lets in. */
  audience?: TabAudience;
  /** Not built yet: the route shows the shared placeholder, and the sidebar leaves it out until it lands. */
  notBuilt?: true;
  /** Account flows are not restored after login (they make no sense once signed in). */
  notRestorable?: boolean;
}

export const NAV_GROUP_LABELS: Record<NavGroup, string | null> = {
  overview: null,
  referrals: 'Referrals',
  providers: 'Providers',
  communications: 'Communications',
  members: 'Members & Programs',
  workflows: 'Workflows & Forms',
  admin: 'Administration',
  tools: 'Tools',
};

export const NAV_GROUP_ORDER: readonly NavGroup[] = [
  'overview',
  'referrals',
  'providers',
  'communications',
  'members',
  'workflows',
  'admin',
  'tools',
];

export const TABS: readonly TabDef[] = [
  { name: 'home', title: 'Home', access: 'open', group: 'overview', icon: IconHome },
  {
    name: 'dashboard',
    title: 'Dashboard',
    access: 'signed-in',
    group: 'overview',
    icon: IconLayoutDashboard,
  },

  { name: 'livefeed', title: 'Live Feed', access: 'open', group: 'referrals', icon: IconActivity },
  {
    name: 'queue',
    title: 'Referral Queue',
    access: 'signed-in',
    group: 'referrals',
    icon: IconListCheck,
    // 000 §2: the queue holds a referral's detail view (/queue/12) and its edit view (/queue/12/edit).
    withId: 'optional',
    subviews: ['edit'],
  },
  {
    name: 'create-referral',
    title: 'Create Referral',
    access: 'signed-in',
    group: 'referrals',
    icon: IconFilePlus,
    audience: 'writers',
  },
  {
    name: 'finder',
    title: 'Unpublished Referrals',
    access: 'signed-in',
    group: 'referrals',
    icon: IconSearch,
    audience: 'writers',
  },
  {
    name: 'matching',
    title: 'Auto-Match',
    access: 'signed-in',
    group: 'referrals',
    icon: IconArrowsShuffle,
    audience: 'writers',
  },

  {
    name: 'provider-directory',
    title: 'Provider Directory',
    access: 'open',
    group: 'providers',
    icon: IconStethoscope,
  },
  {
    name: 'directory',
    title: 'My Providers',
    access: 'signed-in',
    group: 'providers',
    icon: IconAddressBook,
  },
  {
    name: 'capacity',
    title: 'Provider Performance',
    access: 'signed-in',
    group: 'providers',
    icon: IconGauge,
  },
  {
    name: 'provider-communications',
    title: 'Communications',
    access: 'signed-in',
    group: 'communications',
    icon: IconMessages,
    // 003 §2.1 "needs a selected provider": /provider-communications/12 is one provider's screen (001 §2.10);
    // without an id it is the organization's Communications inbox (001 §2.11).
    withId: 'optional',
  },

  {
    name: 'workspace',
    title: 'Case Workspace',
    access: 'signed-in',
    group: 'members',
    icon: IconHeartHandshake,
    // 003 §2.1: the member list first (/workspace), then one referral's case workspace (/workspace/12).
    withId: 'optional',
  },
  {
    name: 'members',
    title: 'Members',
    access: 'signed-in',
    group: 'members',
    icon: IconUsers,
  },
  { name: 'members-new', title: 'New Member', access: 'signed-in', audience: 'writers' },
  {
    name: 'members-import',
    title: 'Import Members',
    access: 'signed-in',
    group: 'members',
    icon: IconFileImport,
    audience: 'managers',
  },
  { name: 'members-edit', title: 'Edit Member', access: 'signed-in', withId: true, audience: 'writers' },
  { name: 'members-view', title: 'Member', access: 'signed-in', withId: true },
  {
    name: 'enrollments',
    title: 'Enrollments',
    access: 'signed-in',
    group: 'members',
    icon: IconCalendarUser,
  },
  { name: 'enrollments-view', title: 'Enrollment', access: 'signed-in', withId: true },
  {
    name: 'programs',
    title: 'Programs',
    access: 'signed-in',
    group: 'members',
    icon: IconClipboardList,
  },
  // Issue #15 item 7: a program's billable activities of a period, for the managers and administrators.
  {
    name: 'billing-report',
    title: 'Billing Report',
    access: 'signed-in',
    group: 'members',
    icon: IconReceipt,
    audience: 'managers',
  },

  {
    name: 'workflows',
    title: 'Workflow Templates',
    access: 'signed-in',
    group: 'workflows',
    icon: IconRoute,
  },
  {
    name: 'workflow-instances',
    title: 'Active Workflows',
    access: 'signed-in',
    group: 'workflows',
    icon: IconHierarchy2,
  },
  {
    name: 'automation-rules',
    title: 'Automation Rules',
    access: 'signed-in',
    group: 'workflows',
    icon: IconBolt,
  },
  {
    name: 'form-templates',
    title: 'Form Templates',
    access: 'signed-in',
    group: 'workflows',
    icon: IconTemplate,
  },
  // 002 §2: the library of one enrollment (/form-library/12); without an id it asks for the enrollment.
  {
    name: 'form-library',
    title: 'Form Library',
    access: 'signed-in',
    group: 'workflows',
    icon: IconForms,
    withId: 'optional',
  },
  // 002 §2, §4: the filler of one form (/form-fill/34); /form-fill/new?template_id=…&enrollment_id=… starts one.
  { name: 'form-fill', title: 'Form', access: 'signed-in', withId: true },
  {
    name: 'form-analytics',
    title: 'Form Analytics',
    access: 'signed-in',
    group: 'workflows',
    icon: IconChartPie,
  },

  {
    name: 'field-config',
    title: 'Field Configuration',
    access: 'signed-in',
    group: 'admin',
    icon: IconAdjustmentsHorizontal,
    audience: 'managers',
  },
  {
    name: 'field-mapping',
    title: 'Field Mapping',
    access: 'signed-in',
    group: 'admin',
    icon: IconTransform,
    audience: 'managers',
  },
  {
    name: 'cbo-management',
    title: 'Organizations',
    access: 'signed-in',
    group: 'admin',
    icon: IconBuildingCommunity,
  },
  {
    name: 'user-management',
    title: 'User Management',
    access: 'signed-in',
    group: 'admin',
    icon: IconUserCog,
  },
  {
    name: 'admin',
    title: 'Import Manager',
    access: 'signed-in',
    group: 'admin',
    icon: IconUpload,
    wideOnly: true,
    // Issue #18: importing providers changes the directory every organization matches against.
    audience: 'operators',
  },
  {
    name: 'metrics',
    title: 'System Metrics',
    access: 'signed-in',
    group: 'admin',
    icon: IconChartBar,
    audience: 'admins-and-operators',
  },
  // Issue #20 item 5: the referrals that ended without service, by need, county, reason and month.
  {
    name: 'service-gaps',
    title: 'Service Gaps',
    access: 'signed-in',
    group: 'admin',
    icon: IconMapPinExclamation,
    audience: 'admins-and-operators',
  },
  {
    name: 'security-log',
    title: 'Security Log',
    access: 'signed-in',
    group: 'admin',
    icon: IconShieldLock,
    audience: 'org-admins',
  },
  // Issue #21 item 3: the FHIR and HSDS APIs, API clients and FHIR subscriptions of the organization.
  {
    name: 'interop',
    title: 'Interop Settings',
    access: 'signed-in',
    group: 'admin',
    icon: IconApi,
    audience: 'org-admins',
  },
  {
    name: 'outbox',
    title: 'Outbox',
    access: 'signed-in',
    group: 'communications',
    icon: IconMail,
    audience: 'operators',
  },
  // Issue #12: platform operators verify the providers organizations added by hand (the server refuses others).
  {
    name: 'provider-verification',
    title: 'Provider Verification',
    access: 'signed-in',
    group: 'admin',
    icon: IconShieldCheck,
    audience: 'operators',
  },

  { name: 'otfrtf', title: 'OTF/RTF Submission', access: 'signed-in', group: 'tools', icon: IconReceipt },
  {
    name: 'railway-test',
    title: 'Connectivity Test',
    access: 'open',
    group: 'tools',
    icon: IconPlugConnected,
  },

  { name: 'register', title: 'Create Your Account', access: 'open', notRestorable: true },
  { name: 'forgot-password', title: 'Forgot Password', access: 'open', notRestorable: true },
  { name: 'reset-password', title: 'Reset Password', access: 'open', notRestorable: true },
];

const BY_NAME = new Map(TABS.map((tab) => [tab.name, tab]));

export function findTab(name: string): TabDef | undefined {
  return BY_NAME.get(name);
}

/** The URL of a tab: home is `/`, the others their name, then the id and a subview when given. */
export function tabPath(name: string, id?: string | number, subview?: string): string {
  if (name === 'home') return '/';
  if (id === undefined) return `/${name}`;
  const base = `/${name}/${encodeURIComponent(String(id))}`;
  return subview ? `${base}/${subview}` : base;
}

export interface TabLocation {
  tab: TabDef;
  id?: string;
  subview?: string;
}

/** Which tab a URL path shows, or null for a path that is not a tab (`/login`, `/terms`, unknown). */
export function tabFromPath(pathname: string): TabLocation | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return { tab: BY_NAME.get('home') as TabDef };
  const [name, id, subview, ...rest] = segments;
  const tab = name === undefined ? undefined : BY_NAME.get(name);
  if (!tab || tab.name === 'home' || rest.length > 0) return null;
  if (subview !== undefined) {
    if (!tab.withId || !tab.subviews?.includes(subview)) return null;
    return { tab, id: decodeURIComponent(id as string), subview };
  }
  if (id === undefined) return tab.withId === true ? null : { tab };
  return tab.withId ? { tab, id: decodeURIComponent(id) } : null;
}

export function canAccess(tab: TabDef, signedIn: boolean): boolean {
  return tab.access === 'open' || signedIn;
}
