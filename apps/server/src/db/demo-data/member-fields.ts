import type { Tx } from '../client.ts';
import { customFields, fieldMappings } from '../schema/index.ts';

// Demo member configuration (issue #15 items 2, 3, 9): the health plan's custom member fields in three categories,
// and the column names of two plans' roster files mapped to member fields. The sample file beside this one
// (sample-member-import.csv) is in the first plan's layout, so a newcomer can upload it as it is.

const FIELDS: Omit<typeof customFields.$inferInsert, 'organizationId'>[] = [
  { name: 'housing_status', type: 'str', friendlyName: 'Housing status', category: 'Housing', strLen: 40 },
  { name: 'household_size', type: 'int', friendlyName: 'Household size', category: 'Housing' },
  { name: 'move_in_date', type: 'date', friendlyName: 'Move-in date', category: 'Housing' },
  { name: 'plan_renewal', type: 'fixed_date', friendlyName: 'Coverage renewal day', category: 'Coverage' },
  {
    name: 'risk_tier',
    type: 'str',
    friendlyName: 'Risk tier',
    category: 'Coverage',
    strLen: 20,
    defaultValue: 'Standard',
  },
  { name: 'has_transportation', type: 'bool', friendlyName: 'Has transportation', category: 'Social needs' },
  { name: 'best_call_time', type: 'time', friendlyName: 'Best time to call', category: 'Social needs' },
  {
    name: 'internal_score',
    type: 'int',
    friendlyName: 'Internal acuity score',
    category: 'Coverage',
    hidden: true,
  },
];

/** The two layouts: the plan's 834-style extract (the sample file's) and a partner plan's roster. */
const MAPPINGS: Omit<typeof fieldMappings.$inferInsert, 'organizationId'>[] = [
  ...(
    [
      ['first_name', 'MBR_FIRST_NM'],
      ['last_name', 'MBR_LAST_NM'],
      ['medicaid_id', 'CIN'],
      ['dob', 'MBR_DOB'],
      ['gender', 'SEX_CD'],
      ['phone_no', 'PHONE_NBR'],
      ['language', 'LANG_CD'],
      ['housing_status', 'HSG_STAT'],
      ['household_size', 'HH_SIZE'],
    ] as const
  ).map(([dbColumn, alternative]) => ({
    dbColumn,
    alternative,
    sourceSystem: 'Golden Valley 834',
    description: 'Monthly eligibility extract',
  })),
  ...(
    [
      ['first_name', 'Member First'],
      ['last_name', 'Member Last'],
      ['medicaid_id', 'Medi-Cal ID'],
      ['patient_no', 'Member #'],
      ['dob', 'Birth Date'],
      ['email', 'E-mail'],
      ['household_size', 'Household'],
    ] as const
  ).map(([dbColumn, alternative]) => ({
    dbColumn,
    alternative,
    sourceSystem: 'Sunrise Health roster',
    description: 'Quarterly roster spreadsheet',
  })),
  // Kept, not used: shown dimmed on Field Mapping.
  {
    dbColumn: 'race',
    alternative: 'RACE_CD_OLD',
    sourceSystem: 'Golden Valley 834',
    description: 'Retired column',
    isActive: false,
  },
];

export async function insertMemberFieldDemoData(tx: Tx, organizationId: number): Promise<void> {
  await tx.insert(customFields).values(FIELDS.map((f) => ({ ...f, organizationId })));
  await tx.insert(fieldMappings).values(MAPPINGS.map((m) => ({ ...m, organizationId })));
}
