import {
  AVAILABILITY_OPTIONS,
  DAY_MS,
  DIRECTORY_STALE_AFTER_DAYS_DEFAULT,
  dataQualityScore,
  HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  OTHER_NEEDS,
  PLAN_TYPES,
  type ReferralCreateInput,
  type ReferralStatus,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from '@trust/domain';
import type { members, providers, referrals } from '../schema/index.ts';
import { METROS, type Metro } from './metros.ts';
import { Random } from './random.ts';

// Factories shared by the demo data, the tests and the benchmarks (DESIGN.md): every value is generated, none
// is copied from the specification's samples.

export const FIRST_NAMES = [
  'Avery',
  'Jordan',
  'Riley',
  'Morgan',
  'Casey',
  'Quinn',
  'Rowan',
  'Elena',
  'Marcus',
  'Priya',
  'Tomas',
  'Grace',
  'Hector',
  'Lena',
  'Omar',
  'Sofia',
  'Darius',
  'Mei',
  'Jamal',
  'Nadia',
  'Andre',
  'Lucia',
  'Kenji',
  'Fatima',
  'Isaac',
  'Rosa',
  'Victor',
  'Amara',
  'Felix',
  'Yara',
];
const LAST_NAMES = [
  'Alvarez',
  'Brooks',
  'Chen',
  'Dawson',
  'Ellison',
  'Fuentes',
  'Garrison',
  'Haddad',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Mbeki',
  'Navarro',
  'Okafor',
  'Petrov',
  'Quintero',
  'Ramsey',
  'Sato',
  'Thornton',
  'Underwood',
  'Valdez',
  'Whitaker',
  'Xiong',
  'Yilmaz',
  'Zamora',
];
const PROVIDER_WORDS = [
  'Sunrise',
  'Harbor',
  'Cedar',
  'Open Door',
  'Bridgeway',
  'Lantern',
  'Northstar',
  'Riverbend',
  'Common Ground',
  'Hearth',
  'Pathway',
  'Evergreen',
  'Crossroads',
  'Keystone',
  'Beacon',
  'Maple',
  'Unity',
  'Horizon',
];
// Each kind offers the referral needs it serves (000 §9 SDOH needs, which auto-match compares) and the
// directory's service names (001 §9 add-form and search lists, which the directory filters compare); its type is
// one of the directory's search filter types where one fits.
const PROVIDER_KINDS: { suffix: string; type: string; services: string[] }[] = [
  {
    suffix: 'Housing Alliance',
    type: 'Housing Support',
    services: [HOUSING_NEED, ...HOUSING_SUBCATEGORIES, 'Housing Assistance', 'Case Management'],
  },
  { suffix: 'Food Pantry', type: 'Food Bank', services: ['Food Assistance', 'Emergency Assistance'] },
  {
    suffix: 'Rides Collective',
    type: 'Transportation Provider',
    services: [TRANSPORTATION_NEED, ...TRANSPORTATION_SUBCATEGORIES, 'Transportation'],
  },
  {
    suffix: 'Counseling Center',
    type: 'Mental Health Center',
    services: [
      'Mental Health Support',
      'Substance Abuse Treatment',
      'Mental Health',
      'Mental Health Services',
      'Behavioral Health',
    ],
  },
  {
    suffix: 'Recovery Center',
    type: 'Substance Abuse Treatment',
    services: ['Substance Abuse Treatment', 'Behavioral Health', 'Case Management'],
  },
  {
    suffix: 'Family Resource Center',
    type: 'ECM Provider',
    services: [
      'Childcare Support',
      'Education Support',
      'Financial Assistance',
      'Case Management',
      'Childcare',
      'Benefits Enrollment',
    ],
  },
  {
    suffix: 'Legal Aid',
    type: 'Non-Profit Organization',
    services: ['Legal Services', 'Legal Aid'],
  },
  {
    suffix: 'Workforce Hub',
    type: 'Social Services Agency',
    services: ['Employment Support', 'Education Support', 'Employment Services', 'Education Services'],
  },
  {
    suffix: 'Community Clinic',
    type: 'FQHC',
    services: [
      'Healthcare Access',
      'Mental Health Support',
      'Primary Care',
      'Dental Services',
      'Pharmacy Services',
      'Healthcare Navigation',
    ],
  },
  {
    suffix: 'Free Clinic',
    type: 'Free Clinic',
    services: ['Healthcare Access', 'Primary Care', 'Healthcare Navigation'],
  },
  {
    suffix: 'Utility Help Desk',
    type: 'Community-Based Organization',
    services: ['Utility Assistance', 'Financial Assistance', 'Financial Counseling', 'Emergency Assistance'],
  },
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Pine St',
  'Lincoln Blvd',
  'Maple Dr',
  'Washington Ave',
  'Elm St',
  'Park Rd',
];
const DIAGNOSES = [
  'Type 2 diabetes (E11.9)',
  'Essential hypertension (I10)',
  'Major depressive disorder (F32.9)',
  'Asthma (J45.909)',
  'Chronic obstructive pulmonary disease (J44.9)',
  'Congestive heart failure (I50.9)',
  'Opioid use disorder (F11.20)',
  'Chronic kidney disease (N18.9)',
];
const LANG_WEIGHTS = [
  'English',
  'English',
  'English',
  'Spanish',
  'Spanish',
  'Vietnamese',
  'Mandarin',
  'Korean',
  'Arabic',
  'Tagalog',
];

function phone(rng: Random, areaCode: string) {
  return `(${areaCode}) ${rng.int(200, 999)}-${rng.digits(4)}`;
}

function near(rng: Random, lat: number, lng: number, miles: number) {
  // One degree of latitude is about 69 miles; longitude shrinks with the cosine of the latitude.
  const dLat = ((rng.next() * 2 - 1) * miles) / 69;
  const dLng = ((rng.next() * 2 - 1) * miles) / (69 * Math.cos((lat * Math.PI) / 180));
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

export function personName(rng: Random) {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

/** The referring doctor. */
function doctorName(rng: Random) {
  const { firstName, lastName } = personName(rng);
  return `Dr. ${firstName} ${lastName}`;
}

function memberEmail(rng: Random, firstName: string, lastName: string) {
  return `${firstName}.${lastName}${rng.digits(2)}@example.com`.toLowerCase();
}

function birthDate(rng: Random) {
  return `${rng.int(1945, 2005)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

function streetAddress(rng: Random) {
  return `${rng.int(100, 9899)} ${rng.pick(STREETS)}`;
}

/** A referring practice's name. */
function medicalGroup(rng: Random) {
  return `${rng.pick(PROVIDER_WORDS)} Medical Group`;
}

function npiNumber(rng: Random) {
  return `1${rng.digits(9)}`;
}

const WEEKDAY_HOURS = ['8:00 AM - 5:00 PM', '9:00 AM - 5:00 PM', '8:30 AM - 6:00 PM', '9:00 AM - 7:00 PM'];
const SATURDAY_HOURS = ['Closed', 'Closed', '9:00 AM - 1:00 PM', '10:00 AM - 2:00 PM'];

function hoursOfOperation(rng: Random) {
  const weekday = rng.pick(WEEKDAY_HOURS);
  return {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: rng.chance(0.7) ? weekday : '8:00 AM - 12:00 PM',
    saturday: rng.pick(SATURDAY_HOURS),
    sunday: 'Closed',
  };
}

/** Languages besides English, with the directory's search names (001 §9). */
const OTHER_LANGUAGES = [
  'Spanish',
  'Vietnamese',
  'Mandarin',
  'Korean',
  'Tagalog',
  'Arabic',
  'Russian',
  'French',
];

/** Capacity as providers report it: most take referrals, some keep a waitlist, a few are full. */
function capacity(rng: Random) {
  const roll = rng.next();
  if (roll < 0.8) return { capacityStatus: 'accepting', capacityWaitDays: null };
  if (roll < 0.95) return { capacityStatus: 'waitlist', capacityWaitDays: rng.int(3, 45) };
  return { capacityStatus: 'full', capacityWaitDays: null };
}

/** Whose "now" and stale time a generated listing's last confirmation and data quality are measured by. */
export type ProviderFreshness = { now: Date; staleAfterDays: number };

/**
 * When a source last confirmed a generated listing (issue #18 item 7), from one draw: 93 % within 0.9 of the
 * stale time, the rest between 1.05 and 2.05 stale times ago, so a few listings show "may be out of date".
 */
function verifiedAt(rng: Random, freshness: ProviderFreshness): Date {
  const u = rng.next();
  const stale = freshness.staleAfterDays;
  const days = u < 0.93 ? (u / 0.93) * 0.9 * stale : stale * (1.05 + (u - 0.93) / 0.07);
  return new Date(freshness.now.getTime() - Math.round(days * DAY_MS));
}

/** The listing's data quality by the directory's rule (packages/domain provider-freshness.ts), not drawn. */
function scoreOf(row: typeof providers.$inferInsert, freshness: ProviderFreshness): number {
  return dataQualityScore({
    phone: row.phone ?? null,
    address: row.address ?? null,
    zipCode: row.zipCode ?? null,
    latitude: row.latitude ?? null,
    longitude: row.longitude ?? null,
    services: row.services ?? [],
    email: row.email ?? null,
    website: row.website ?? null,
    languages: row.languages ?? [],
    hoursOfOperation: row.hoursOfOperation ?? {},
    lastVerifiedAt: row.lastVerifiedAt ?? freshness.now,
    registryStatus: row.registryStatus ?? 'active',
    ...freshness,
  });
}

/**
 * A directory listing around a metro. Its last confirmation is drawn (mostly recent, a few out of date) and its
 * data quality computed from it by the real rule, unless the overrides set them.
 */
export function makeProvider(
  rng: Random,
  metro: Metro,
  overrides: Partial<typeof providers.$inferInsert> = {},
  freshness: ProviderFreshness = { now: new Date(), staleAfterDays: DIRECTORY_STALE_AFTER_DAYS_DEFAULT },
): typeof providers.$inferInsert {
  const kind = rng.pick(PROVIDER_KINDS);
  const zip = rng.pick(metro.zips);
  // Spread over the metro (up to ~15 miles from a ZIP's centroid), so radius searches of 1-50 miles differ.
  const point = near(rng, zip.lat, zip.lng, 15);
  const name = `${rng.pick(PROVIDER_WORDS)} ${kind.suffix}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const website = rng.chance(0.7) ? `https://${slug}.example.org` : null;
  const extra = rng.chance(0.6) ? [rng.pick(OTHER_LANGUAGES)] : [];
  if (extra.length && rng.chance(0.3)) extra.push(rng.pick(OTHER_LANGUAGES));
  const row: typeof providers.$inferInsert = {
    name,
    organizationType: kind.type,
    address: streetAddress(rng),
    city: metro.city,
    state: metro.state,
    zipCode: zip.zip,
    county: zip.county,
    phone: phone(rng, metro.areaCode),
    email: rng.chance(0.8) ? `intake@${slug}.example.org` : null,
    website,
    webFormUrl: website && rng.chance(0.3) ? `${website}/referrals` : null,
    services: kind.services,
    languages: ['English', ...new Set(extra)],
    latitude: point.lat,
    longitude: point.lng,
    acceptsMedicaid: rng.chance(0.9),
    acceptsMedicare: rng.chance(0.4),
    wheelchairAccessible: rng.chance(0.75),
    hoursOfOperation: hoursOfOperation(rng),
    // One draw, where the data quality score was once drawn: the generated directory stays the same otherwise.
    lastVerifiedAt: verifiedAt(rng, freshness),
    ...capacity(rng),
    capacityConfirmedAt: new Date(Date.UTC(2026, 10, rng.int(1, 20))),
    ...overrides,
  };
  return { ...row, dataQualityScore: overrides.dataQualityScore ?? scoreOf(row, freshness) };
}

/** The digit after the state is never 0: newReferralBody's IDs have it, so they are nobody's in the demo. */
export function medicaidId(rng: Random, state: string) {
  return `${state}${rng.int(1, 9)}${rng.digits(8)}`;
}

export function makeMember(
  rng: Random,
  organizationId: number,
  metro: Metro,
  overrides: Partial<typeof members.$inferInsert> = {},
): typeof members.$inferInsert {
  const { firstName, lastName } = personName(rng);
  return {
    organizationId,
    firstName,
    lastName,
    email: rng.chance(0.7) ? memberEmail(rng, firstName, lastName) : null,
    phoneNo: phone(rng, metro.areaCode),
    language: rng.pick(LANG_WEIGHTS),
    dob: birthDate(rng),
    gender: rng.pick(['Male', 'Female', 'Other', 'Prefer not to say']),
    medicaidId: medicaidId(rng, metro.state),
    ...overrides,
  };
}

export function referralNumber(rng: Random) {
  return `${rng.int(1, 9)}${rng.digits(9)}`;
}

type MemberLike = Pick<
  typeof members.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'phoneNo' | 'dob' | 'language' | 'medicaidId'
> & { id?: number };

export function makeReferral(
  rng: Random,
  input: {
    organizationId: number;
    createdBy: number | null;
    member: MemberLike;
    metro: Metro;
    createdAt: Date;
  },
  overrides: Partial<typeof referrals.$inferInsert> = {},
): typeof referrals.$inferInsert {
  const zip = rng.pick(input.metro.zips);
  const needs = rng.sample([HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS], rng.int(1, 3));
  const providerName = doctorName(rng);
  return {
    referralNumber: referralNumber(rng),
    organizationId: input.organizationId,
    createdBy: input.createdBy,
    memberId: input.member.id ?? null,
    firstName: input.member.firstName,
    lastName: input.member.lastName,
    phoneNumber: input.member.phoneNo ?? null,
    email: input.member.email ?? null,
    dateOfBirth: input.member.dob ?? null,
    zipCode: zip.zip,
    countyFips: input.metro.countyFips,
    preferredLanguage: input.member.language ?? 'English',
    streetAddress: streetAddress(rng),
    city: input.metro.city,
    state: input.metro.state,
    country: 'USA',
    medicaidId: input.member.medicaidId ?? medicaidId(rng, input.metro.state),
    healthPlan: rng.pick(HEALTH_PLANS),
    planType: rng.pick(PLAN_TYPES),
    providerName,
    npiNumber: npiNumber(rng),
    organization: medicalGroup(rng),
    providerPhoneNumber: phone(rng, input.metro.areaCode),
    primaryDiagnosis: rng.pick(DIAGNOSES),
    riskScore: rng.int(5, 95),
    availability: rng.pick(AVAILABILITY_OPTIONS),
    // Issue #14: every chosen level (the two that the spec's Urgent stands for included); six entries as before,
    // so the draws after this one, and the rest of the demo, stay the same.
    urgency: rng.pick(['Immediate', 'Within 24h', 'Within 1 Week', 'Routine', 'Routine', 'Routine']),
    additionalNotes: rng.chance(0.3) ? 'Prefers text messages in the afternoon.' : null,
    sdohNeeds: needs,
    housingSubcategories: needs.includes(HOUSING_NEED)
      ? rng.sample(HOUSING_SUBCATEGORIES, rng.int(1, 2))
      : [],
    transportationSubcategories: needs.includes(TRANSPORTATION_NEED)
      ? rng.sample(TRANSPORTATION_SUBCATEGORIES, 1)
      : [],
    priorAuthorizationRequired: rng.chance(0.2),
    memberConsentObtained: true,
    hipaaCompliant: true,
    useMatchingEngine: rng.chance(0.7),
    status: 'pending' satisfies ReferralStatus,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
    ...overrides,
  };
}

/** The fields newReferralBody always sets, as the strings it sets them to. */
type BuiltField =
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'email'
  | 'date_of_birth'
  | 'zip_code'
  | 'city'
  | 'state'
  | 'medicaid_id'
  | 'health_plan'
  | 'provider_name'
  | 'npi_number'
  | 'organization'
  | 'provider_phone_number'
  | 'primary_diagnosis';
export type NewReferralBody = ReferralCreateInput & Record<BuiltField, string>;

let referralSequence = 0;

/**
 * A valid POST /api/referrals body (the domain's referralCreateSchema) for the tests and the benchmarks, drawn
 * from the demo data's generators: a member of the first demo metro with a Medicaid ID no other call and no
 * demo member has. What steers matching and the feed (needs, availability) is fixed, and the optional fields
 * are left to the schema's defaults, so a test never depends on where its referral falls in the sequence;
 * `overrides` set what a test asserts on.
 */
export function newReferralBody<O extends Partial<ReferralCreateInput> = Record<never, never>>(
  overrides: O = {} as O,
): Omit<NewReferralBody, keyof O> & O {
  referralSequence += 1;
  // Seeded by its place in the sequence: the nth body of a test file is the same on every run.
  const rng = new Random(referralSequence);
  const metro = METROS[0]!;
  const { firstName, lastName } = personName(rng);
  return {
    first_name: firstName,
    last_name: lastName,
    phone_number: phone(rng, metro.areaCode),
    email: memberEmail(rng, firstName, lastName),
    date_of_birth: birthDate(rng),
    zip_code: rng.pick(metro.zips).zip,
    city: metro.city,
    state: metro.state,
    // The demo's IDs never have a 0 after the state (medicaidId), so this one links to no demo member. Each
    // test file has a database of its own and the benchmarks a fresh one: a per-process counter is unique.
    medicaid_id: `${metro.state}0${String(referralSequence).padStart(8, '0')}`,
    health_plan: rng.pick(HEALTH_PLANS),
    provider_name: doctorName(rng),
    npi_number: npiNumber(rng),
    organization: medicalGroup(rng),
    provider_phone_number: phone(rng, metro.areaCode),
    primary_diagnosis: rng.pick(DIAGNOSES),
    availability: 'Anytime',
    sdoh_needs: ['Food Assistance'],
    member_consent_obtained: true,
    ...overrides,
  };
}
