import { HOUSING_NEED, type OTHER_NEEDS, TRANSPORTATION_NEED } from './referrals.ts';

// The codes the FHIR API (issue #21) speaks, from the HL7 SDOH Clinical Care IG 2.3.0 and the terminologies it
// uses. The referral form's needs (000 §9) are the app's own words; each maps to the IG's SDOH category
// (ValueSet SDOHCC-ValueSetSDOHCategory, CodeSystem SDOHCC-CodeSystemTemporaryCodes).

/** The IG's canonical and version (STU 2.3), as the CapabilityStatement names it. */
export const SDOHCC_IG = 'http://hl7.org/fhir/us/sdoh-clinicalcare';
export const SDOHCC_IG_VERSION = '2.3.0';

export const SDOHCC_TEMPORARY_CODES =
  'http://hl7.org/fhir/us/sdoh-clinicalcare/CodeSystem/SDOHCC-CodeSystemTemporaryCodes';
export const SNOMED_CT = 'http://snomed.info/sct';
export const TASK_CODE_SYSTEM = 'http://hl7.org/fhir/CodeSystem/task-code';
export const V3_ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const CONSENT_SCOPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/consentscope';
export const CONSENT_POLICY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/consentpolicycodes';

/** The profiles the API's resources claim in meta.profile (SDOHCC 2.3.0; US Core 7.0.0 where the IG uses it). */
export const FHIR_PROFILES = {
  ServiceRequest: `${SDOHCC_IG}/StructureDefinition/SDOHCC-ServiceRequest`,
  Task: `${SDOHCC_IG}/StructureDefinition/SDOHCC-TaskForReferralManagement`,
  Consent: `${SDOHCC_IG}/StructureDefinition/SDOHCC-Consent`,
  Patient: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
  Organization: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-organization',
} as const;

/** The SDOH categories of the IG this API uses (code → display, as the CodeSystem gives them). */
export const SDOH_CATEGORIES = {
  'food-insecurity': 'Food Insecurity',
  'housing-instability': 'Housing Instability',
  homelessness: 'Homelessness',
  'inadequate-housing': 'Inadequate Housing',
  'transportation-insecurity': 'Transportation Insecurity',
  'financial-insecurity': 'Financial Insecurity',
  'employment-status': 'Employment Status',
  'educational-attainment': 'Educational Attainment',
  'health-insurance-coverage-status': 'Health Insurance Coverage Status',
  'utility-insecurity': 'Utility Insecurity',
  'material-hardship': 'Material Hardship',
  stress: 'Stress',
  'sdoh-category-unspecified': 'SDOH Category Unspecified',
} as const;
export type SdohCategory = keyof typeof SDOH_CATEGORIES;

type Need = typeof HOUSING_NEED | typeof TRANSPORTATION_NEED | (typeof OTHER_NEEDS)[number];

/**
 * The SDOH category of each need of the referral form. Needs the IG has no domain for (mental health, substance
 * use, legal, childcare) are `sdoh-category-unspecified`, which the IG keeps for exactly that.
 */
export const SDOH_CATEGORY_OF_NEED: Record<Need, SdohCategory> = {
  [HOUSING_NEED]: 'housing-instability',
  [TRANSPORTATION_NEED]: 'transportation-insecurity',
  'Food Assistance': 'food-insecurity',
  'Mental Health Support': 'stress',
  'Substance Abuse Treatment': 'sdoh-category-unspecified',
  'Financial Assistance': 'financial-insecurity',
  'Healthcare Access': 'health-insurance-coverage-status',
  'Education Support': 'educational-attainment',
  'Employment Support': 'employment-status',
  'Legal Services': 'sdoh-category-unspecified',
  'Childcare Support': 'sdoh-category-unspecified',
  'Utility Assistance': 'utility-insecurity',
};

/** A need's SDOH category; a need the form no longer offers (older rows) is unspecified. */
export function sdohCategoryOfNeed(need: string): SdohCategory {
  return SDOH_CATEGORY_OF_NEED[need as Need] ?? 'sdoh-category-unspecified';
}

/** The needs a category stands for (the search `ServiceRequest?category=` filters on them). */
export function needsOfSdohCategory(category: string): string[] {
  return Object.entries(SDOH_CATEGORY_OF_NEED)
    .filter(([, c]) => c === category)
    .map(([need]) => need);
}

/**
 * ServiceRequest.code: SNOMED CT 410606002 "Social service procedure", the code the IG's own referral examples
 * put in category, stands for every referral (US Core binds code to its procedure codes, required); the need's
 * words go in code.text. A finer SNOMED code per need would claim more than the referral form records.
 */
export const SOCIAL_SERVICE_PROCEDURE = {
  system: SNOMED_CT,
  code: '410606002',
  display: 'Social service procedure',
};

/** Identifier systems of the platform's own ids (a Medicaid ID is the state's, written as the platform saw it). */
export const IDENTIFIER_SYSTEMS = {
  medicaidId: 'https://trust-marketplace.example/fhir/identifier/medicaid-id',
  patientNo: 'https://trust-marketplace.example/fhir/identifier/patient-number',
  referralNumber: 'https://trust-marketplace.example/fhir/identifier/referral-number',
  npi: 'http://hl7.org/fhir/sid/us-npi',
} as const;
