import {
  type BillingActivityType,
  type BillingUnit,
  dollarsToCents,
  type ProgramService,
  type ProgramType,
} from '@trust/domain';
import type { Tx } from '../client.ts';
import { billingActivities, programs } from '../schema/index.ts';

// Demo programs (issue #15 item 5): the programs a health plan and a community organization run for Medi-Cal
// members, each with the billing activities it claims. The codes are real-shaped (HCPCS G9008, T1016, S5170, CPT
// 99490); the descriptions are the organization's own words, not the code sets' (no CPT text is shipped).

type DemoBillingActivity = {
  activityName: string;
  activityCode?: string;
  activityType?: BillingActivityType;
  description?: string;
  cptCode?: string;
  hcpcsCode?: string;
  revenueCode?: string;
  modifier1?: string;
  modifier2?: string;
  billingUnit: BillingUnit;
  rateDollars: number;
  maxUnitsPerDay?: number;
  maxUnitsPerMonth?: number;
  placeOfService?: string;
  requiresPriorAuth?: boolean;
  requiresSupervision?: boolean;
  minCredentialsRequired?: string;
  isActive?: boolean;
};

type DemoProgram = {
  key: string;
  name: string;
  programType: ProgramType;
  description: string;
  isActive?: boolean;
  startDate: string;
  endDate?: string;
  capacity: number | null;
  fundingSource: string;
  billingCode?: string;
  reimbursementRateDollars?: number;
  eligibilityCriteria: string;
  servicesOffered: ProgramService[];
  manager: { name: string; email: string; phone: string };
  billing: DemoBillingActivity[];
};

/** Golden Valley Health Plan's programs (coordinator@, manager@, orgadmin@ act for it). */
const PLAN_PROGRAMS: DemoProgram[] = [
  {
    key: 'ecm',
    name: 'Enhanced Care Management',
    programType: 'enhanced_care_management',
    description:
      'A lead care manager for members with the most complex needs: one plan across medical, behavioral and social care.',
    startDate: '2024-01-01',
    capacity: 120,
    fundingSource: 'Medi-Cal managed care (CalAIM ECM)',
    billingCode: 'G9008',
    reimbursementRateDollars: 425,
    eligibilityCriteria:
      'Adults and children in an ECM population of focus: experiencing homelessness, high utilizers, serious mental illness or substance use, transitioning from incarceration.',
    servicesOffered: [
      'care_coordination',
      'comprehensive_assessment',
      'care_plan_development',
      'follow_up_care',
      'referral_assistance',
    ],
    manager: { name: 'Dana Whitfield', email: 'ecm@goldenvalley.example.org', phone: '(213) 555-0161' },
    billing: [
      {
        activityName: 'ECM outreach attempt',
        activityCode: 'ECM-OUT',
        activityType: 'outreach',
        description: 'An in-person or phone attempt to reach and engage a member assigned to ECM.',
        hcpcsCode: 'G9008',
        modifier1: 'U1',
        billingUnit: 'per_encounter',
        rateDollars: 40,
        maxUnitsPerDay: 1,
        maxUnitsPerMonth: 6,
        placeOfService: '99',
      },
      {
        activityName: 'Comprehensive assessment',
        activityCode: 'ECM-ASM',
        activityType: 'assessment',
        description: "The first whole-person assessment of the member's health and social needs.",
        hcpcsCode: 'G9008',
        billingUnit: 'per_encounter',
        rateDollars: 185,
        maxUnitsPerMonth: 1,
        placeOfService: '12',
        minCredentialsRequired: 'Licensed clinician or community health worker under supervision',
        requiresSupervision: true,
      },
      {
        activityName: 'Care management, monthly',
        activityCode: 'ECM-MGT',
        activityType: 'case_management',
        description:
          'The month of care management of an enrolled member: plan updates, visits, transitions of care.',
        hcpcsCode: 'G9008',
        modifier1: 'U2',
        billingUnit: 'per_month',
        rateDollars: 425,
        maxUnitsPerMonth: 1,
        requiresPriorAuth: true,
      },
      {
        activityName: 'Chronic care management call',
        activityCode: 'CCM-20',
        activityType: 'follow_up',
        description: 'At least 20 minutes of clinical staff time on the care plan in the month.',
        cptCode: '99490',
        billingUnit: 'per_month',
        rateDollars: 62.18,
        maxUnitsPerMonth: 1,
        placeOfService: '11',
        requiresSupervision: true,
      },
    ],
  },
  {
    key: 'meals',
    name: 'Medically Tailored Meals',
    programType: 'community_supports',
    description:
      'Home-delivered meals designed by a dietitian for members with diet-sensitive conditions after a hospital stay.',
    startDate: '2024-07-01',
    capacity: 60,
    fundingSource: 'Medi-Cal Community Supports',
    billingCode: 'S5170',
    reimbursementRateDollars: 12.5,
    eligibilityCriteria:
      'Members discharged from a hospital or skilled nursing facility with diabetes, heart failure, kidney disease or cancer.',
    servicesOffered: ['health_promotion', 'community_resources', 'follow_up_care'],
    manager: { name: 'Priya Nandakumar', email: 'meals@goldenvalley.example.org', phone: '(213) 555-0162' },
    billing: [
      {
        activityName: 'Home-delivered meal',
        activityCode: 'MTM-MEAL',
        activityType: 'other',
        description: 'One medically tailored meal delivered to the member’s home.',
        hcpcsCode: 'S5170',
        billingUnit: 'per_meal',
        rateDollars: 12.5,
        maxUnitsPerDay: 3,
        maxUnitsPerMonth: 84,
        placeOfService: '12',
        requiresPriorAuth: true,
      },
      {
        activityName: 'Nutrition assessment',
        activityCode: 'MTM-ASM',
        activityType: 'assessment',
        description: 'A dietitian’s assessment that sets the meal plan.',
        cptCode: '97802',
        billingUnit: '15_minutes',
        rateDollars: 34.75,
        maxUnitsPerDay: 4,
        minCredentialsRequired: 'Registered dietitian',
      },
    ],
  },
  {
    key: 'wellness',
    name: 'Diabetes Prevention and Wellness',
    programType: 'health_promotion',
    description:
      'Group classes and coaching on food, activity and blood sugar for members at risk of diabetes.',
    isActive: false,
    startDate: '2023-01-01',
    endDate: '2025-12-31',
    capacity: 40,
    fundingSource: 'Plan wellness grant',
    eligibilityCriteria: 'Adults with prediabetes (A1C 5.7–6.4) or a history of gestational diabetes.',
    servicesOffered: ['health_promotion', 'follow_up_care'],
    manager: { name: 'Luis Ortega', email: 'wellness@goldenvalley.example.org', phone: '(213) 555-0163' },
    billing: [
      {
        activityName: 'Group wellness session',
        activityType: 'other',
        description: 'One group session of the wellness curriculum.',
        hcpcsCode: 'G9873',
        billingUnit: 'per_encounter',
        rateDollars: 25,
        maxUnitsPerMonth: 4,
        isActive: false,
      },
    ],
  },
];

/** Harbor Community Services' programs (cbo@ acts for it). */
const HARBOR_PROGRAMS: DemoProgram[] = [
  {
    key: 'housing',
    name: 'Community Supports – Housing Navigation',
    programType: 'housing_navigation',
    description:
      'Housing transition navigation: finding, applying for and moving into a home, then keeping it.',
    startDate: '2024-03-01',
    capacity: 45,
    fundingSource: 'Medi-Cal Community Supports (Housing Transition Navigation)',
    billingCode: 'H0043',
    reimbursementRateDollars: 18.75,
    eligibilityCriteria:
      'Members experiencing or at risk of homelessness with a qualifying health condition, referred by their plan.',
    servicesOffered: [
      'benefits_navigation',
      'community_resources',
      'referral_assistance',
      'care_coordination',
    ],
    manager: { name: 'Marisol Vega', email: 'housing@harbor.example.org', phone: '(213) 555-0193' },
    billing: [
      {
        activityName: 'Housing navigation',
        activityCode: 'HTN-NAV',
        activityType: 'case_management',
        description: 'Searching units, landlord contact, applications and move-in planning with the member.',
        hcpcsCode: 'H0043',
        modifier1: 'U6',
        billingUnit: '15_minutes',
        rateDollars: 18.75,
        maxUnitsPerDay: 16,
        maxUnitsPerMonth: 120,
        placeOfService: '99',
        requiresPriorAuth: true,
      },
      {
        activityName: 'Housing needs assessment',
        activityCode: 'HTN-ASM',
        activityType: 'assessment',
        description: 'Housing history, barriers and preferences, written into the housing support plan.',
        hcpcsCode: 'H0044',
        billingUnit: 'per_encounter',
        rateDollars: 150,
        maxUnitsPerMonth: 1,
      },
      {
        activityName: 'Tenancy sustaining follow-up',
        activityCode: 'HTS-FU',
        activityType: 'follow_up',
        description: 'A visit or call after move-in to keep the tenancy: rent, neighbors, landlord issues.',
        hcpcsCode: 'T2041',
        billingUnit: 'per_encounter',
        rateDollars: 55,
        maxUnitsPerMonth: 4,
        requiresSupervision: true,
      },
    ],
  },
  {
    key: 'chw',
    name: 'Community Health Worker Outreach',
    programType: 'care_coordination',
    description:
      'Community health workers who find members where they are and connect them to care and benefits.',
    startDate: '2024-09-01',
    capacity: null,
    fundingSource: 'Medi-Cal CHW benefit',
    billingCode: 'T1016',
    eligibilityCriteria: 'Any member referred for help with social needs or missed care.',
    servicesOffered: ['care_coordination', 'referral_assistance', 'benefits_navigation'],
    manager: { name: 'Corey Community', email: 'chw@harbor.example.org', phone: '(213) 555-0194' },
    billing: [
      {
        activityName: 'Case management contact',
        activityCode: 'CHW-CM',
        activityType: 'outreach',
        description: 'A community health worker contact with the member, in person or by phone.',
        hcpcsCode: 'T1016',
        modifier1: 'HN',
        billingUnit: '15_minutes',
        rateDollars: 21.6,
        maxUnitsPerDay: 8,
        placeOfService: '99',
        minCredentialsRequired: 'Certified community health worker',
      },
      {
        activityName: 'Referral to community resources',
        activityCode: 'CHW-REF',
        activityType: 'referral',
        description: 'A warm hand-off to a food, transport or benefits provider, followed until accepted.',
        hcpcsCode: 'T1016',
        billingUnit: 'per_encounter',
        rateDollars: 30,
        maxUnitsPerDay: 2,
      },
    ],
  },
];

export type DemoProgramIds = {
  /** Ids of each organization's programs, in the order above (the active ones first). */
  byOrganization: Map<number, number[]>;
  /** Every demo program id by its key ('ecm', 'meals', 'wellness', 'housing', 'chw'). */
  byKey: Record<string, number>;
};

/**
 * Inserts the demo programs and their billing activities for the health plan and Harbor, inside the load's
 * transaction. Returns the program ids, which the enrollments demo data uses.
 */
export async function insertProgramDemoData(
  tx: Tx,
  organizations: { plan: number; harbor: number },
): Promise<DemoProgramIds> {
  const byOrganization = new Map<number, number[]>();
  const byKey: Record<string, number> = {};
  for (const [organizationId, list] of [
    [organizations.plan, PLAN_PROGRAMS],
    [organizations.harbor, HARBOR_PROGRAMS],
  ] as const) {
    const ids: number[] = [];
    for (const p of list) {
      const [row] = await tx
        .insert(programs)
        .values({
          organizationId,
          name: p.name,
          programType: p.programType,
          description: p.description,
          isActive: p.isActive ?? true,
          startDate: p.startDate,
          endDate: p.endDate ?? null,
          capacity: p.capacity,
          fundingSource: p.fundingSource,
          billingCode: p.billingCode ?? null,
          reimbursementRateCents:
            p.reimbursementRateDollars === undefined ? null : dollarsToCents(p.reimbursementRateDollars),
          eligibilityCriteria: p.eligibilityCriteria,
          servicesOffered: p.servicesOffered,
          programManagerName: p.manager.name,
          programManagerEmail: p.manager.email,
          programManagerPhone: p.manager.phone,
        })
        .returning({ id: programs.id });
      const programId = row!.id;
      ids.push(programId);
      byKey[p.key] = programId;
      await tx.insert(billingActivities).values(
        p.billing.map((b) => ({
          programId,
          activityName: b.activityName,
          activityCode: b.activityCode ?? null,
          activityType: b.activityType ?? null,
          description: b.description ?? null,
          cptCode: b.cptCode ?? null,
          hcpcsCode: b.hcpcsCode ?? null,
          revenueCode: b.revenueCode ?? null,
          modifier1: b.modifier1 ?? null,
          modifier2: b.modifier2 ?? null,
          billingUnit: b.billingUnit,
          rateCentsPerUnit: dollarsToCents(b.rateDollars),
          mcpId: null,
          maxUnitsPerDay: b.maxUnitsPerDay ?? null,
          maxUnitsPerMonth: b.maxUnitsPerMonth ?? null,
          placeOfService: b.placeOfService ?? null,
          requiresPriorAuth: b.requiresPriorAuth ?? false,
          requiresSupervision: b.requiresSupervision ?? false,
          minCredentialsRequired: b.minCredentialsRequired ?? null,
          isActive: b.isActive ?? true,
          effectiveDate: p.startDate,
        })),
      );
    }
    byOrganization.set(organizationId, ids);
  }
  return { byOrganization, byKey };
}

/** The demo programs as written above, for a test that checks them against the wire rules. */
export const DEMO_PROGRAMS = { plan: PLAN_PROGRAMS, harbor: HARBOR_PROGRAMS } as const;
