import { z } from 'zod';
import { formatPhone } from './phone.ts';
import {
  AVAILABILITY_OPTIONS,
  type ClientUrgency,
  HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  isClientUrgency,
  LANGUAGES,
  OTHER_NEEDS,
  PLAN_TYPES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from './referrals.ts';
import { speechLanguageLabel } from './speech.ts';
import { usStateCode } from './us-states.ts';

// Guided voice referral intake (000 §2.2, §3.6, §4.4, §8, §9): languages, stages, the fields each stage
// collects, the texts, the merge rule of extracted fields and the hand-over to the referral form (000 §2.1).
// The extraction itself is in voice-extraction.ts, the normalisers in voice-normalise.ts, the stage prompts in
// voice-intake-prompts.ts.

/** 000 §9 Voice languages of the guided intake, in order; en-US is the default. */
export const VOICE_LANGUAGES = [
  { code: 'en-US', label: 'English (US)' },
  { code: 'es-ES', label: 'Spanish' },
  { code: 'fr-FR', label: 'French' },
  { code: 'zh-CN', label: 'Chinese' },
  { code: 'vi-VN', label: 'Vietnamese' },
  { code: 'ko-KR', label: 'Korean' },
  { code: 'ar-SA', label: 'Arabic' },
  { code: 'hi-IN', label: 'Hindi' },
] as const;
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number]['code'];
export const DEFAULT_VOICE_LANGUAGE: VoiceLanguage = 'en-US';
export const VOICE_LANGUAGE_CODES = VOICE_LANGUAGES.map((l) => l.code) as [VoiceLanguage, ...VoiceLanguage[]];
export const voiceLanguageSchema = z.enum(VOICE_LANGUAGE_CODES);

/** The label of a voice language code (the intake's eight, then every speech language); the code when unknown. */
export function voiceLanguageLabel(code: string): string {
  return VOICE_LANGUAGES.find((l) => l.code === code)?.label ?? speechLanguageLabel(code);
}

/** 000 §4.4 the seven ordered stages. */
export const VOICE_INTAKE_STAGES = [
  'intro',
  'demographics',
  'health_plan',
  'provider',
  'clinical',
  'authorization',
  'additional',
] as const;
export type VoiceIntakeStage = (typeof VOICE_INTAKE_STAGES)[number];

/**
 * The fields of the referral form (wire names) voice intake can fill, plus `timeline` (000 §2.1: urgency falls
 * back to it). The order is the form's.
 */
export const VOICE_FIELDS = [
  'first_name',
  'last_name',
  'preferred_language',
  'date_of_birth',
  'phone_number',
  'email',
  'street_address',
  'city',
  'state',
  'zip_code',
  'medicaid_id',
  'health_plan',
  'plan_type',
  'provider_name',
  'npi_number',
  'organization',
  'provider_phone_number',
  'primary_diagnosis',
  'sdoh_needs',
  'housing_subcategories',
  'transportation_subcategories',
  'urgency',
  'timeline',
  'member_consent_obtained',
  'prior_authorization_required',
  'availability',
  'additional_notes',
] as const;
export type VoiceField = (typeof VOICE_FIELDS)[number];
export const voiceFieldSchema = z.enum(VOICE_FIELDS);
export const VOICE_LIST_FIELDS = [
  'sdoh_needs',
  'housing_subcategories',
  'transportation_subcategories',
] as const;
export const VOICE_BOOLEAN_FIELDS = ['member_consent_obtained', 'prior_authorization_required'] as const;

export function isVoiceField(value: string): value is VoiceField {
  return (VOICE_FIELDS as readonly string[]).includes(value);
}

/** Which form fields each stage collects; a field of the current stage is extracted with high confidence. */
export const STAGE_FIELDS: Record<VoiceIntakeStage, readonly VoiceField[]> = {
  intro: ['first_name', 'last_name', 'preferred_language'],
  demographics: [
    'date_of_birth',
    'phone_number',
    'email',
    'street_address',
    'city',
    'state',
    'zip_code',
    'medicaid_id',
  ],
  health_plan: ['health_plan', 'plan_type', 'medicaid_id'],
  provider: ['provider_name', 'npi_number', 'organization', 'provider_phone_number'],
  clinical: [
    'primary_diagnosis',
    'sdoh_needs',
    'housing_subcategories',
    'transportation_subcategories',
    'urgency',
    'timeline',
  ],
  authorization: ['member_consent_obtained', 'prior_authorization_required'],
  additional: ['availability', 'additional_notes'],
};

/** 000 §2.2 progress bar: stage index (0-based) → "Stage n of 7" and the percent complete, round(n / 7 × 100). */
export function stageProgress(index: number): { label: string; percent: number } {
  const total = VOICE_INTAKE_STAGES.length;
  const n = Math.min(Math.max(Math.trunc(index), 0), total - 1) + 1;
  return { label: `Stage ${n} of ${total}`, percent: Math.round((n / total) * 100) };
}

/** 000 §9 speech output, and §4.4 "the first prompt is spoken after 500 ms". Spoken prompts default to off. */
export const VOICE_SPEECH_OUTPUT = { rate: 0.85, pitch: 1.1, volume: 1, firstPromptDelayMs: 500 } as const;
/** 000 §4.4: three consecutive no-speech errors show the microphone warning. */
export const NO_SPEECH_WARNING_AFTER = 3;

/** 000 §2.2, §8 texts of voice intake (those of transcription on the server are SPEECH_MESSAGES, speech.ts). */
export const VOICE_INTAKE_MESSAGES = {
  unsupported: 'Speech recognition is not supported in this browser. Please use Chrome or Edge.',
  recognitionError: (code: string) => `Recognition error: ${code}`,
  notInitialised:
    'Speech recognition not initialized. Please refresh the page or try a different browser (Chrome/Edge recommended).',
  permission: 'Microphone access denied. Please enable microphone permissions in your browser settings.',
  startFailure: (message: string) =>
    `Failed to start recording: ${message}. Make sure you're using HTTPS and have granted microphone permissions.`,
  noSpeechTitle: 'Microphone Not Detecting Speech',
  noSpeechChecks: [
    'Check that your microphone is not muted.',
    'Check that the correct microphone is selected in your browser and system settings.',
    'Speak clearly and loudly enough, close to the microphone.',
    'Make sure no other application is using the microphone.',
  ],
  extractedTitle: 'Extracted Information',
  submitNow: 'Submit Referral Now',
} as const;

/** One extracted field (000 §3.6 extracted field entry, without its timestamp). */
export type ExtractedFieldValue = string | string[] | boolean;
export type ExtractedConfidence = 'high' | 'medium';
export type ExtractedFieldEntry = {
  field: string;
  value: ExtractedFieldValue;
  confidence: ExtractedConfidence;
  original_text: string;
};

/** 000 §4.4: fields of the current stage are marked high, any other field medium. */
export function fieldConfidence(field: string, stage: VoiceIntakeStage): ExtractedConfidence {
  return (STAGE_FIELDS[stage] as readonly string[]).includes(field) ? 'high' : 'medium';
}

/**
 * 000 §4.4: a field extracted again replaces the earlier value only if the new confidence is high or the old
 * one was not high.
 *
 * Decision for the list fields (sdoh_needs and the subcategories): when the rule lets the new entry replace the
 * old one, the values are unioned (old first, then the new ones), since a person names their needs one at a
 * time ("she needs food" … "and help with rent") and each mention must add, not wipe the earlier ones. When the
 * rule keeps the old entry (old high, new medium), the old entry is kept unchanged, as for any field: a
 * passing mention in a later stage never changes a list confirmed in its own stage (the form can still be
 * edited by hand).
 */
export function mergeExtractedField(
  existing: ExtractedFieldEntry | undefined,
  next: ExtractedFieldEntry,
): ExtractedFieldEntry {
  if (!existing) return next;
  if (next.confidence !== 'high' && existing.confidence === 'high') return existing;
  if (Array.isArray(existing.value) && Array.isArray(next.value)) {
    const union = [...existing.value, ...next.value.filter((v) => !(existing.value as string[]).includes(v))];
    return { ...next, value: union };
  }
  return next;
}

/** Merges entries into a field → entry map (a new object; the given one is not changed). */
export function mergeExtractedFields(
  map: Record<string, ExtractedFieldEntry>,
  entries: readonly ExtractedFieldEntry[],
): Record<string, ExtractedFieldEntry> {
  const out = { ...map };
  for (const entry of entries) out[entry.field] = mergeExtractedField(out[entry.field], entry);
  return out;
}

/** The referral form values voice intake can fill (wire names, as the form's `ReferralFormValues`). */
export type VoiceFormPatch = Partial<{
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  date_of_birth: string;
  preferred_language: string;
  medicaid_id: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  health_plan: string;
  plan_type: string;
  provider_name: string;
  npi_number: string;
  organization: string;
  provider_phone_number: string;
  sdoh_needs: string[];
  housing_subcategories: string[];
  transportation_subcategories: string[];
  primary_diagnosis: string;
  urgency: ClientUrgency;
  availability: string;
  additional_notes: string;
  member_consent_obtained: boolean;
  prior_authorization_required: boolean;
}>;

/** The values of the form's sdoh_needs: the two parents, then the other needs (000 §9). */
const SDOH_NEED_VALUES: readonly string[] = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS];

const PATCH_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'date_of_birth',
  'medicaid_id',
  'street_address',
  'city',
  'zip_code',
  'provider_name',
  'npi_number',
  'organization',
  'primary_diagnosis',
  'additional_notes',
] as const;

function text(entry: ExtractedFieldEntry | undefined): string {
  return typeof entry?.value === 'string' ? entry.value.trim() : '';
}

function list(entry: ExtractedFieldEntry | undefined, known: readonly string[]): string[] {
  const raw = entry?.value;
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? [raw] : [];
  return [...new Set(values.filter((v) => known.includes(v)))];
}

function oneOf<T extends string>(
  entry: ExtractedFieldEntry | undefined,
  options: readonly T[],
): T | undefined {
  const v = text(entry);
  return options.find((o) => o.toLowerCase() === v.toLowerCase());
}

/**
 * 000 §2.1: the collected voice data as a patch of the referral form. Only non-empty values are in it, so
 * spreading it over the form overrides only what voice intake actually heard; values outside a field's options
 * (a plan, a state, an urgency level the form does not offer) are left out, never guessed. Booleans heard are
 * kept, false included. Urgency falls back to the timeline value when no urgency was extracted. A housing or
 * transportation subcategory ticks its parent need, as the form requires.
 */
export function voiceDataToFormPatch(extracted: Record<string, ExtractedFieldEntry>): VoiceFormPatch {
  const patch: VoiceFormPatch = {};
  for (const key of PATCH_TEXT_FIELDS) {
    const v = text(extracted[key]);
    if (v) patch[key] = v;
  }
  for (const key of ['phone_number', 'provider_phone_number'] as const) {
    const v = text(extracted[key]);
    if (v) patch[key] = formatPhone(v);
  }
  const state = usStateCode(text(extracted.state));
  if (state) patch.state = state;
  const language = oneOf(extracted.preferred_language, LANGUAGES);
  if (language) patch.preferred_language = language;
  const plan = oneOf(extracted.health_plan, HEALTH_PLANS);
  if (plan) patch.health_plan = plan;
  const planType = oneOf(extracted.plan_type, PLAN_TYPES);
  if (planType) patch.plan_type = planType;
  const availability = oneOf(extracted.availability, AVAILABILITY_OPTIONS);
  if (availability) patch.availability = availability;
  const urgency = text(extracted.urgency);
  const timeline = text(extracted.timeline);
  if (isClientUrgency(urgency)) patch.urgency = urgency;
  else if (isClientUrgency(timeline)) patch.urgency = timeline;
  for (const key of ['member_consent_obtained', 'prior_authorization_required'] as const) {
    const v = extracted[key]?.value;
    if (typeof v === 'boolean') patch[key] = v;
  }
  const housing = list(extracted.housing_subcategories, HOUSING_SUBCATEGORIES);
  const transportation = list(extracted.transportation_subcategories, TRANSPORTATION_SUBCATEGORIES);
  const needs = list(extracted.sdoh_needs, SDOH_NEED_VALUES);
  if (housing.length) {
    patch.housing_subcategories = housing;
    if (!needs.includes(HOUSING_NEED)) needs.push(HOUSING_NEED);
  }
  if (transportation.length) {
    patch.transportation_subcategories = transportation;
    if (!needs.includes(TRANSPORTATION_NEED)) needs.push(TRANSPORTATION_NEED);
  }
  if (needs.length) patch.sdoh_needs = needs;
  return patch;
}
