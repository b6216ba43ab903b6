import { describe, expect, it } from 'vitest';
import {
  HEALTH_PLANS,
  HOUSING_SUBCATEGORIES,
  OTHER_NEEDS,
  TRANSPORTATION_SUBCATEGORIES,
} from './referrals.ts';
import { SPEECH_LANGUAGE_CODES, speechLanguageSchema } from './speech.ts';
import {
  DEFAULT_VOICE_LANGUAGE,
  type ExtractedFieldEntry,
  fieldConfidence,
  mergeExtractedField,
  mergeExtractedFields,
  NO_SPEECH_WARNING_AFTER,
  STAGE_FIELDS,
  stageProgress,
  VOICE_FIELDS,
  VOICE_INTAKE_MESSAGES,
  VOICE_INTAKE_STAGES,
  VOICE_LANGUAGE_CODES,
  VOICE_LANGUAGES,
  VOICE_SPEECH_OUTPUT,
  voiceDataToFormPatch,
  voiceLanguageLabel,
  voiceLanguageSchema,
} from './voice-intake.ts';
import { stagePrompt, VOICE_STAGE_PROMPTS } from './voice-intake-prompts.ts';
import { HEALTH_PLAN_KEYWORDS, NEED_KEYWORDS } from './voice-keywords.ts';

const entry = (
  field: string,
  value: ExtractedFieldEntry['value'],
  confidence: ExtractedFieldEntry['confidence'] = 'high',
): ExtractedFieldEntry => ({ field, value, confidence, original_text: String(value) });

describe('languages (000 §9, 001 §9)', () => {
  it('lists the eight intake languages in order, English (US) first and default', () => {
    expect(VOICE_LANGUAGES.map((l) => l.code)).toEqual([
      'en-US',
      'es-ES',
      'fr-FR',
      'zh-CN',
      'vi-VN',
      'ko-KR',
      'ar-SA',
      'hi-IN',
    ]);
    expect(VOICE_LANGUAGES[0]).toEqual({ code: 'en-US', label: 'English (US)' });
    expect(DEFAULT_VOICE_LANGUAGE).toBe('en-US');
    expect(voiceLanguageSchema.safeParse('ko-KR').success).toBe(true);
    expect(voiceLanguageSchema.safeParse('de-DE').success).toBe(false);
  });

  it('lists the fourteen voice-note languages (001 §9) with labels, the eight among them', () => {
    expect(SPEECH_LANGUAGE_CODES).toEqual([
      'en-US',
      'es-ES',
      'es-MX',
      'fr-FR',
      'de-DE',
      'it-IT',
      'pt-BR',
      'zh-CN',
      'ja-JP',
      'ko-KR',
      'ar-SA',
      'hi-IN',
      'vi-VN',
      'tl-PH',
    ]);
    expect(VOICE_LANGUAGE_CODES.every((code) => (SPEECH_LANGUAGE_CODES as string[]).includes(code))).toBe(
      true,
    );
    expect(speechLanguageSchema.safeParse('tl-PH').success).toBe(true);
    expect(speechLanguageSchema.safeParse('xx-XX').success).toBe(false);
    expect(voiceLanguageLabel('tl-PH')).toBe('Tagalog');
  });
});

describe('stages (000 §4.4)', () => {
  it('has seven ordered stages', () => {
    expect(VOICE_INTAKE_STAGES).toEqual([
      'intro',
      'demographics',
      'health_plan',
      'provider',
      'clinical',
      'authorization',
      'additional',
    ]);
  });

  it('assigns each stage its fields, all of them known fields', () => {
    expect(STAGE_FIELDS.intro).toEqual(['first_name', 'last_name', 'preferred_language']);
    expect(STAGE_FIELDS.health_plan).toEqual(['health_plan', 'plan_type', 'medicaid_id']);
    expect(STAGE_FIELDS.authorization).toEqual(['member_consent_obtained', 'prior_authorization_required']);
    expect(STAGE_FIELDS.additional).toEqual(['availability', 'additional_notes']);
    expect(STAGE_FIELDS.clinical).toContain('timeline');
    expect(STAGE_FIELDS.demographics).toContain('medicaid_id');
    const all = new Set(Object.values(STAGE_FIELDS).flat());
    expect([...all].sort()).toEqual([...VOICE_FIELDS].sort());
  });

  it('marks the stage’s fields high', () => {
    expect(fieldConfidence('medicaid_id', 'demographics')).toBe('high');
    expect(fieldConfidence('medicaid_id', 'health_plan')).toBe('high');
    expect(fieldConfidence('medicaid_id', 'intro')).toBe('medium');
  });

  it.each([
    [0, 'Stage 1 of 7', 14],
    [1, 'Stage 2 of 7', 29],
    [2, 'Stage 3 of 7', 43],
    [3, 'Stage 4 of 7', 57],
    [4, 'Stage 5 of 7', 71],
    [5, 'Stage 6 of 7', 86],
    [6, 'Stage 7 of 7', 100],
  ])('progress of stage index %i', (index, label, percent) => {
    expect(stageProgress(index)).toEqual({ label, percent });
  });
});

describe('prompts (000 §2.2)', () => {
  it('has a prompt for every stage in every language', () => {
    for (const { code } of VOICE_LANGUAGES) {
      for (const stage of VOICE_INTAKE_STAGES) {
        expect(stagePrompt(stage, code).length, `${code} ${stage}`).toBeGreaterThan(10);
      }
      // No language reuses another's text.
      if (code !== 'en-US')
        expect(VOICE_STAGE_PROMPTS[code].intro).not.toBe(VOICE_STAGE_PROMPTS['en-US'].intro);
    }
    expect(new Set(VOICE_INTAKE_STAGES.map((s) => stagePrompt(s, 'es-ES'))).size).toBe(7);
  });

  it('opens with the English greeting, and falls back to English', () => {
    expect(stagePrompt('intro', 'en-US')).toBe(
      "Hello! I'll help you create a referral. Please tell me the member's full name and preferred language.",
    );
    expect(stagePrompt('clinical', 'de-DE')).toBe(stagePrompt('clinical', 'en-US'));
  });
});

describe('constants and messages (000 §8, §9)', () => {
  it('speaks at rate 0.85, pitch 1.1, volume 1, after 500 ms; warns after 3 no-speech errors', () => {
    expect(VOICE_SPEECH_OUTPUT).toEqual({ rate: 0.85, pitch: 1.1, volume: 1, firstPromptDelayMs: 500 });
    expect(NO_SPEECH_WARNING_AFTER).toBe(3);
  });

  it('has the catalogue texts', () => {
    expect(VOICE_INTAKE_MESSAGES.unsupported).toBe(
      'Speech recognition is not supported in this browser. Please use Chrome or Edge.',
    );
    expect(VOICE_INTAKE_MESSAGES.recognitionError('network')).toBe('Recognition error: network');
    expect(VOICE_INTAKE_MESSAGES.notInitialised).toBe(
      'Speech recognition not initialized. Please refresh the page or try a different browser (Chrome/Edge recommended).',
    );
    expect(VOICE_INTAKE_MESSAGES.permission).toBe(
      'Microphone access denied. Please enable microphone permissions in your browser settings.',
    );
    expect(VOICE_INTAKE_MESSAGES.startFailure('NotAllowedError')).toBe(
      "Failed to start recording: NotAllowedError. Make sure you're using HTTPS and have granted microphone permissions.",
    );
    expect(VOICE_INTAKE_MESSAGES.noSpeechTitle).toBe('Microphone Not Detecting Speech');
    expect(VOICE_INTAKE_MESSAGES.noSpeechChecks).toHaveLength(4);
    expect(VOICE_INTAKE_MESSAGES.extractedTitle).toBe('Extracted Information');
    expect(VOICE_INTAKE_MESSAGES.submitNow).toBe('Submit Referral Now');
  });
});

describe('keyword tables cover 000 §9', () => {
  it('has English and Spanish phrases for every need and subcategory', () => {
    const values = NEED_KEYWORDS.map((k) => k.value);
    for (const need of [...OTHER_NEEDS, ...HOUSING_SUBCATEGORIES, ...TRANSPORTATION_SUBCATEGORIES]) {
      expect(values).toContain(need);
    }
    for (const k of NEED_KEYWORDS) {
      expect(k.phrases.en.length, k.value).toBeGreaterThan(2);
      expect(k.phrases.es.length, k.value).toBeGreaterThan(2);
    }
  });

  it('names every plan but Other', () => {
    expect(HEALTH_PLAN_KEYWORDS.map((p) => p.value)).toEqual(HEALTH_PLANS.filter((p) => p !== 'Other'));
  });
});

describe('merge rule (000 §4.4: replace only if the new one is high or the old one was not)', () => {
  it.each([
    ['high', 'high', 'new'],
    ['high', 'medium', 'old'],
    ['medium', 'high', 'new'],
    ['medium', 'medium', 'new'],
  ] as const)('old %s, new %s → keeps the %s value', (oldConfidence, newConfidence, kept) => {
    const old = entry('city', 'Oakland', oldConfidence);
    const next = entry('city', 'Fresno', newConfidence);
    expect(mergeExtractedField(old, next)).toEqual(kept === 'new' ? next : old);
  });

  it('takes the first value of a field', () => {
    const next = entry('city', 'Fresno', 'medium');
    expect(mergeExtractedField(undefined, next)).toBe(next);
  });

  it('unions list values when the new entry may replace the old one, keeps the old list otherwise', () => {
    const food = entry('sdoh_needs', ['Food Assistance'], 'high');
    const more = entry('sdoh_needs', ['Housing Assistance', 'Food Assistance'], 'high');
    expect(mergeExtractedField(food, more).value).toEqual(['Food Assistance', 'Housing Assistance']);
    const passing = entry('sdoh_needs', ['Legal Services'], 'medium');
    expect(mergeExtractedField(food, passing)).toBe(food);
    const mediumFood = entry('sdoh_needs', ['Food Assistance'], 'medium');
    expect(mergeExtractedField(mediumFood, passing)).toEqual({
      ...passing,
      value: ['Food Assistance', 'Legal Services'],
    });
  });

  it('merges a batch into a new map', () => {
    const map = { city: entry('city', 'Oakland', 'high') };
    const merged = mergeExtractedFields(map, [
      entry('city', 'Fresno', 'medium'),
      entry('state', 'CA', 'medium'),
    ]);
    expect(merged.city?.value).toBe('Oakland');
    expect(merged.state?.value).toBe('CA');
    expect(map).not.toHaveProperty('state');
  });
});

describe('form patch (000 §2.1: only non-empty values; urgency falls back to the timeline)', () => {
  it('keeps only non-empty values', () => {
    const patch = voiceDataToFormPatch({
      first_name: entry('first_name', 'Maria'),
      last_name: entry('last_name', '  '),
      email: entry('email', ''),
      sdoh_needs: entry('sdoh_needs', []),
      city: entry('city', 'Fresno'),
      member_consent_obtained: entry('member_consent_obtained', true),
      prior_authorization_required: entry('prior_authorization_required', false),
    });
    expect(patch).toEqual({
      first_name: 'Maria',
      city: 'Fresno',
      member_consent_obtained: true,
      prior_authorization_required: false,
    });
  });

  it('falls back to the timeline when no urgency was extracted', () => {
    expect(voiceDataToFormPatch({ timeline: entry('timeline', 'Within 1 Week') })).toEqual({
      urgency: 'Within 1 Week',
    });
    expect(
      voiceDataToFormPatch({
        urgency: entry('urgency', 'Immediate'),
        timeline: entry('timeline', 'Within 1 Week'),
      }).urgency,
    ).toBe('Immediate');
    expect(voiceDataToFormPatch({})).toEqual({});
  });

  it('leaves out values outside a field’s options, and normalises states and phones', () => {
    expect(
      voiceDataToFormPatch({
        health_plan: entry('health_plan', 'Acme Health'),
        urgency: entry('urgency', 'Soon'),
        state: entry('state', 'California'),
        phone_number: entry('phone_number', '5551234567'),
        plan_type: entry('plan_type', 'Fee-for-Service'),
        availability: entry('availability', 'Weekends'),
        preferred_language: entry('preferred_language', 'Spanish'),
      }),
    ).toEqual({
      state: 'CA',
      phone_number: '(555) 123-4567',
      plan_type: 'Fee-for-Service',
      availability: 'Weekends',
      preferred_language: 'Spanish',
    });
  });

  it('ticks the parent need of a subcategory', () => {
    expect(
      voiceDataToFormPatch({
        sdoh_needs: entry('sdoh_needs', ['Food Assistance', 'Not a need']),
        housing_subcategories: entry('housing_subcategories', ['Transitional housing']),
        transportation_subcategories: entry('transportation_subcategories', [
          'Bus passes / transit vouchers',
        ]),
      }),
    ).toEqual({
      sdoh_needs: ['Food Assistance', 'Housing Assistance', 'Transportation'],
      housing_subcategories: ['Transitional housing'],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    });
  });
});
