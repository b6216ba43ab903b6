// Registry taxonomy → directory services (issue #18 item 1: "taxonomy → the directory's services (a documented
// table)"). The registries classify providers by NUCC Health Care Provider Taxonomy codes; the directory and the
// matching engine speak the service names of 001 §9 (which referral needs map to, match-score.ts NEED_SERVICES).
// A code matches the longest prefix listed; a provider gets the services of all its taxonomies plus each
// taxonomy's own description (so a search for "Cardiology" finds cardiologists). The organization type is its
// primary taxonomy's.

export type TaxonomyMapping = {
  /** A NUCC code or its leading characters (207Q covers every Family Medicine specialisation). */
  prefix: string;
  /** What the code means, for the table in docs/areas/provider-imports.md. */
  meaning: string;
  services: readonly string[];
  organizationType: string;
};

const PRIMARY = ['Primary Care', 'Healthcare Navigation'];
const MENTAL = ['Mental Health Services', 'Behavioral Health', 'Mental Health'];

export const REGISTRY_TAXONOMY_SERVICES: readonly TaxonomyMapping[] = [
  { prefix: '207Q', meaning: 'Family Medicine', services: PRIMARY, organizationType: 'Healthcare Provider' },
  {
    prefix: '207RC',
    meaning: 'Cardiovascular Disease',
    services: [],
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '207R',
    meaning: 'Internal Medicine',
    services: PRIMARY,
    organizationType: 'Healthcare Provider',
  },
  { prefix: '2080', meaning: 'Pediatrics', services: PRIMARY, organizationType: 'Healthcare Provider' },
  {
    prefix: '363L',
    meaning: 'Nurse Practitioner',
    services: PRIMARY,
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '363A',
    meaning: 'Physician Assistant',
    services: PRIMARY,
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '207V',
    meaning: 'Obstetrics & Gynecology',
    services: [],
    organizationType: 'Healthcare Provider',
  },
  { prefix: '207P', meaning: 'Emergency Medicine', services: [], organizationType: 'Healthcare Provider' },
  {
    prefix: '2084A0401X',
    meaning: 'Addiction Medicine',
    services: ['Substance Abuse Treatment'],
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '2084P0800X',
    meaning: 'Psychiatry',
    services: MENTAL,
    organizationType: 'Mental Health Services',
  },
  { prefix: '101Y', meaning: 'Counselor', services: MENTAL, organizationType: 'Mental Health Services' },
  { prefix: '103T', meaning: 'Psychologist', services: MENTAL, organizationType: 'Mental Health Services' },
  {
    prefix: '1041',
    meaning: 'Social Worker',
    services: ['Case Management', 'Mental Health Services'],
    organizationType: 'Social Services Agency',
  },
  {
    prefix: '171M',
    meaning: 'Case Manager/Care Coordinator',
    services: ['Case Management'],
    organizationType: 'Social Services Agency',
  },
  {
    prefix: '261QF0400X',
    meaning: 'Federally Qualified Health Center (FQHC)',
    services: [...PRIMARY, 'FQHC'],
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '261QR1300X',
    meaning: 'Rural Health Clinic',
    services: PRIMARY,
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '261QP2300X',
    meaning: 'Primary Care Clinic',
    services: PRIMARY,
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '261QM0801X',
    meaning: 'Mental Health Clinic',
    services: MENTAL,
    organizationType: 'Mental Health Services',
  },
  {
    prefix: '261QR0405X',
    meaning: 'Substance Use Disorder Rehabilitation Clinic',
    services: ['Substance Abuse Treatment'],
    organizationType: 'Mental Health Services',
  },
  {
    prefix: '3245',
    meaning: 'Substance Abuse Rehabilitation Facility',
    services: ['Substance Abuse Treatment'],
    organizationType: 'Mental Health Services',
  },
  {
    prefix: '1223',
    meaning: 'Dentist',
    services: ['Dental Services'],
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '3336',
    meaning: 'Pharmacy',
    services: ['Pharmacy Services'],
    organizationType: 'Healthcare Provider',
  },
  {
    prefix: '332U',
    meaning: 'Home Delivered Meals',
    services: ['Food Assistance'],
    organizationType: 'Community-Based Organization',
  },
  {
    prefix: '3439',
    meaning: 'Non-emergency Medical Transport (Van)',
    services: ['Transportation'],
    organizationType: 'Transportation Services',
  },
  {
    prefix: '347C',
    meaning: 'Private Vehicle Transport',
    services: ['Transportation'],
    organizationType: 'Transportation Services',
  },
  {
    prefix: '347D',
    meaning: 'Secured Medical Transport (Van)',
    services: ['Transportation'],
    organizationType: 'Transportation Services',
  },
];

/** The mapping of one NUCC code: the longest listed prefix it starts with, or null. */
export function taxonomyMapping(code: string): TaxonomyMapping | null {
  let best: TaxonomyMapping | null = null;
  for (const m of REGISTRY_TAXONOMY_SERVICES) {
    if (code.startsWith(m.prefix) && (!best || m.prefix.length > best.prefix.length)) best = m;
  }
  return best;
}

/** The directory services and organization type of a provider's taxonomies (primary first). */
export function servicesOfTaxonomies(taxonomies: readonly { code: string; description: string }[]): {
  services: string[];
  organizationType: string;
} {
  const services = new Set<string>();
  for (const t of taxonomies) {
    for (const s of taxonomyMapping(t.code)?.services ?? []) services.add(s);
    if (t.description.trim()) services.add(t.description.trim());
  }
  const primary = taxonomies[0] ? taxonomyMapping(taxonomies[0].code) : null;
  return { services: [...services], organizationType: primary?.organizationType ?? 'Healthcare Provider' };
}
