import { HOUSING_NEED, OTHER_NEEDS, TRANSPORTATION_NEED } from './referrals.ts';
import { US_STATES, type UsStateCode } from './us-states.ts';
import {
  type ExtractedFieldEntry,
  type ExtractedFieldValue,
  fieldConfidence,
  type VoiceField,
  type VoiceIntakeStage,
} from './voice-intake.ts';
import {
  AUTHORIZATION_KEYWORDS,
  AVAILABILITY_KEYWORDS,
  CONSENT_KEYWORDS,
  findSpokenPhrase,
  foldSpeech,
  HEALTH_PLAN_KEYWORDS,
  hasSpokenPhrase,
  keywordLanguages,
  LANGUAGE_KEYWORDS,
  NEED_KEYWORDS,
  PLAN_TYPE_KEYWORDS,
  SPANISH_STATE_NAMES,
  spokenPhrasesOf,
  YES_NO_KEYWORDS,
} from './voice-keywords.ts';
import {
  detectTimeline,
  detectUrgencyLevel,
  normalisePlanType,
  normaliseSpokenDate,
  normaliseSpokenPhone,
  splitFullName,
  spokenNumbersToDigits,
} from './voice-normalise.ts';

// 000 §4.4, §5.4: the form fields said in a piece of transcript, in English and Spanish. Every pattern needs a
// cue (a keyword, a shape, or the stage being asked); speech that matches none yields no entry, never a guess.

export type ExtractOptions = { stage: VoiceIntakeStage; language: string; now?: Date };

const STREET_SUFFIXES =
  'street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|circle|cir|terrace|parkway|pkwy|highway|hwy|square|sq|trail|loop';
const UNIT_WORDS =
  'apt|apartment|unit|suite|ste|number|apartamento|apto|depto|departamento|interior|int|unidad';
const NAME_STOP_WORDS = new Set(
  [
    'and',
    'y',
    'e',
    'she',
    'he',
    'they',
    'who',
    'que',
    'prefers',
    'prefiere',
    'speaks',
    'habla',
    'language',
    'idioma',
    'born',
    'nacio',
    'nacida',
    'nacido',
    'is',
    'es',
    'was',
    'from',
    'with',
    'con',
    'her',
    'his',
    'their',
    'su',
    'phone',
    'telefono',
    'the',
    'el',
    'and',
    'but',
    'pero',
    'lives',
    'vive',
    'date',
    'fecha',
    'preferred',
    'um',
    'uh',
    'eh',
  ].map(foldSpeech),
);
const NAME_PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'van', 'von', 'da', 'di', 'le', 'st.']);
const LEADING_WORDS = new Set(
  [
    'the',
    'she',
    'he',
    'her',
    'his',
    'my',
    'this',
    'it',
    'yes',
    'no',
    'okay',
    'ok',
    'um',
    'so',
    'hello',
    'hi',
    'hola',
    'el',
    'la',
    'su',
    'mi',
    'es',
    'i',
    'we',
    'member',
    'client',
    'patient',
    'referral',
    'bueno',
    'buenos',
    'good',
  ].map(foldSpeech),
);

const capitalise = (word: string) =>
  word === word.toLowerCase() && !NAME_PARTICLES.has(word)
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A person's name at the start of `text`: up to four words, particles inside ('María de la Cruz'). */
function nameAt(text: string): string | null {
  const clause = text.split(/[,.;:!?]/)[0] ?? '';
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/^["'(]+|["')]+$/g, '');
    if (!/^[\p{L}][\p{L}'’-]*\.?$/u.test(word)) break;
    const f = foldSpeech(word);
    if (NAME_STOP_WORDS.has(f) || LANGUAGE_KEYWORDS.some((l) => l.phrases.includes(f))) break;
    if (NAME_PARTICLES.has(f) && out.length === 0) break;
    out.push(capitalise(word));
    if (out.filter((w) => !NAME_PARTICLES.has(foldSpeech(w))).length === 4) break;
  }
  while (out.length && NAME_PARTICLES.has(foldSpeech(out[out.length - 1]!))) out.pop();
  return out.length ? out.join(' ') : null;
}

const PROVIDER_WORDS = /\b(?:provider|doctor|doctora|dr|dra|physician|proveedor|proveedora|medico|medica)\b/;
const MEMBER_NAME_CUE =
  /(?:(?:the\s+)?(?:member|client|patient)(?:['’]s)?\s+(?:full\s+)?name\s+is|(?:his|her|their|my)\s+(?:full\s+)?name\s+is|(?:full\s+)?name\s+is|(?:this\s+)?referral\s+(?:is\s+)?for|(?:se|me)\s+llama|me\s+llamo|(?:su|mi)\s+nombre(?:\s+completo)?\s+es|(?:el\s+)?nombre(?:\s+completo)?\s+(?:del|de\s+la)\s+(?:miembro|miembra|cliente|paciente)\s+es|(?:el|la)\s+(?:miembro|cliente|paciente)\s+es)\s+/giu;

function memberName(text: string, stage: VoiceIntakeStage): { name: string; original: string } | null {
  for (const cue of text.matchAll(MEMBER_NAME_CUE)) {
    // "El doctor se llama …", "the provider's name is …": a provider, not the member.
    if (PROVIDER_WORDS.test(foldSpeech(text.slice(Math.max(0, cue.index - 25), cue.index + cue[0].length))))
      continue;
    const name = nameAt(text.slice(cue.index + cue[0].length));
    if (name) return { name, original: cue[0] + name };
  }
  if (stage !== 'intro') return null;
  // The intro asks for the name: a transcript that opens with two to four capitalised words is one.
  const opening = /^\s*((?:[\p{Lu}][\p{L}'’-]+\s+){1,3}[\p{Lu}][\p{L}'’-]+)(?=$|[\s,.;:!?])/u.exec(text);
  if (!opening?.[1]) return null;
  const words = opening[1].split(/\s+/);
  if (words.some((w) => LEADING_WORDS.has(foldSpeech(w)) || NAME_STOP_WORDS.has(foldSpeech(w)))) return null;
  if (words.some((w) => LANGUAGE_KEYWORDS.some((l) => l.phrases.includes(foldSpeech(w))))) return null;
  return { name: words.join(' '), original: opening[1] };
}

const LANGUAGE_CUES = [
  'speaks',
  'prefers',
  'preferred language',
  'language',
  'in',
  'habla',
  'prefiere',
  'idioma',
  'lengua',
  'en',
];

function preferredLanguage(
  folded: string,
  stage: VoiceIntakeStage,
): { value: string; original: string } | null {
  for (const clause of folded.split(/[.;!?]/)) {
    let best: { value: string; index: number; phrase: string } | null = null;
    for (const language of LANGUAGE_KEYWORDS) {
      const index = findSpokenPhrase(clause, language.phrases);
      if (index >= 0 && (!best || index < best.index)) {
        const phrase =
          language.phrases.find((p) => findSpokenPhrase(clause, [p]) === index) ?? language.phrases[0]!;
        best = { value: language.value, index, phrase };
      }
    }
    if (!best) continue;
    if (stage === 'intro' || hasSpokenPhrase(clause.slice(0, best.index), LANGUAGE_CUES)) {
      return { value: best.value, original: clause.slice(0, best.index + best.phrase.length).trim() };
    }
  }
  return null;
}

const DATE_CUE =
  /(?:born(?:\s+on|\s+in)?|date\s+of\s+birth(?:\s+is)?|d\.?\s?o\.?\s?b\.?(?:\s+is)?|birth\s*date(?:\s+is)?|birthday(?:\s+is)?|fecha\s+de\s+nacimiento(?:\s+es)?|naci[oó](?:\s+el)?|nacid[oa](?:\s+el)?|cumpleaños(?:\s+es)?)\s*[:,]?\s*/iu;

function dateOfBirth(
  text: string,
  { stage, language, now }: ExtractOptions,
): { value: string; original: string } | null {
  const cue = DATE_CUE.exec(text);
  if (cue) {
    const said = text.slice(cue.index, cue.index + cue[0].length + 80).split(/[.;!?](?:\s|$)/)[0] ?? '';
    const value = normaliseSpokenDate(said.slice(cue[0].length), language, now);
    if (value) return { value, original: said.trim() };
  }
  if (stage === 'demographics') {
    const value = normaliseSpokenDate(text, language, now);
    if (value) return { value, original: text.trim() };
  }
  return null;
}

function emailAddress(text: string): { value: string; original: string } | null {
  const written = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/.exec(text);
  if (written) return { value: written[0].toLowerCase(), original: written[0] };
  const folded = foldSpeech(text);
  const spoken =
    /([a-z0-9._-]+(?:\s+(?:dot|punto|underscore|guion bajo|dash|guion)\s+[a-z0-9_-]+)*)\s+(?:at|arroba)\s+([a-z0-9-]+(?:\s*(?:dot|punto|\.)\s*[a-z0-9-]+)*\s*(?:dot|punto|\.)\s*(?:com|org|net|edu|gov|us|io|mx|es|co|info|biz))(?![a-z0-9])/.exec(
      folded,
    );
  if (!spoken?.[1] || !spoken[2]) return null;
  const part = (s: string) =>
    s
      .replace(/\s*(?:guion bajo|underscore)\s*/g, '_')
      .replace(/\s*(?:dash|guion)\s*/g, '-')
      .replace(/\s*(?:dot|punto|\.)\s*/g, '.')
      .replace(/\s+/g, '');
  const value = `${part(spoken[1])}@${part(spoken[2])}`;
  return /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(value)
    ? { value, original: spoken[0] }
    : null;
}

const titleCase = (s: string) =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/\d/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

/** A street address in a converted (folded, numbers as digits) text: its value and its span. */
function streetAddress(converted: string): { value: string; start: number; end: number } | null {
  const unit = `(?:,?\\s+(?:${UNIT_WORDS})\\.?\\s*#?\\s*[a-z0-9-]+|,?\\s+#\\s*[a-z0-9-]+)?`;
  const english = new RegExp(
    `(?<![\\p{L}\\p{N}])(\\d{1,6}[a-z]?)\\s+((?:[\\p{L}\\d'.-]+\\s+){0,4}?)(${STREET_SUFFIXES})\\.?(?![\\p{L}\\p{N}])(${unit})`,
    'u',
  ).exec(converted);
  if (english) {
    const value = titleCase(`${english[1]} ${english[2]}${english[3]}${english[4] ?? ''}`.replace(/,/g, ''));
    return { value, start: english.index, end: english.index + english[0].length };
  }
  const spanish = new RegExp(
    `(?<![\\p{L}\\p{N}])(calle|avenida|av\\.|camino|bulevar|paseo)\\s+((?:[\\p{L}'.-]+\\s+){1,4}?)(?:numero\\s+|no\\.?\\s*|#\\s*)?(\\d{1,6}[a-z]?)(?![\\p{L}\\p{N}])(${unit})`,
    'u',
  ).exec(converted);
  if (spanish) {
    const value = titleCase(`${spanish[3]} ${spanish[1]} ${spanish[2]}${spanish[4] ?? ''}`.replace(/,/g, ''));
    return { value, start: spanish.index, end: spanish.index + spanish[0].length };
  }
  return null;
}

/** Number runs of a converted text: '5 5 5 123-4567' is one run; separators are spaces, dots, dashes, brackets. */
function numberRuns(converted: string): { text: string; digits: string; start: number }[] {
  return [...converted.matchAll(/\+?\(?\d(?:[\s().-]*\d)*/g)].map((m) => ({
    text: m[0],
    digits: m[0].replace(/\D/g, ''),
    start: m.index,
  }));
}

type RunKind = 'npi' | 'medicaid' | 'zip' | 'provider_phone' | 'member_phone' | 'phone';
const RUN_CUES: { kind: RunKind; re: RegExp }[] = [
  { kind: 'npi', re: /\bn\.?\s?p\.?\s?i\b/g },
  { kind: 'medicaid', re: /\b(?:medicaid|medi-cal|member id|member number|numero de miembro|cin)\b/g },
  { kind: 'zip', re: /\b(?:zip|zip code|postal code|codigo postal)\b/g },
  {
    kind: 'provider_phone',
    re: /\b(?:provider|office|clinic|doctor|dr|physician|practice|organization|proveedor|proveedora|consultorio|clinica|medico|medica|doctora|oficina)\b/g,
  },
  { kind: 'member_phone', re: /\b(?:member|client|patient|miembro|paciente|cliente)(?:'s)?(?![\p{L}])/gu },
];
/** Possessives name the member, except in the provider stage (where "her phone" is the provider's). */
const MEMBER_POSSESSIVE =
  /\b(?:her|his|their|su)\s+(?:cell|mobile|home|phone|number|telefono|celular|numero)\b/g;
const PHONE_CUE = /\b(?:phone|cell|mobile|telephone|telefono|celular|call|llamar|number|numero)\b/g;

function lastCue(text: string, re: RegExp): number {
  let at = -1;
  for (const m of text.matchAll(re)) at = Math.max(at, m.index + m[0].length);
  return at;
}

/**
 * What a number run is, from the cues in the 80 characters before it: the latest specific cue (NPI, Medicaid,
 * ZIP, provider, member) wins; a phone word after it keeps a provider or member cue close before it ("provider
 * phone number"), and otherwise makes the run a phone ("zip 90210, phone 555…").
 */
function runKind(converted: string, position: number, stage: VoiceIntakeStage): RunKind | null {
  const before = converted.slice(Math.max(0, position - 80), position);
  let specific: { kind: RunKind; at: number } | null = null;
  const cues =
    stage === 'provider' ? RUN_CUES : [...RUN_CUES, { kind: 'member_phone' as const, re: MEMBER_POSSESSIVE }];
  for (const cue of cues) {
    const at = lastCue(before, cue.re);
    if (at >= 0 && (!specific || at > specific.at)) specific = { kind: cue.kind, at };
  }
  const phone = lastCue(before, PHONE_CUE);
  if (!specific) return phone >= 0 ? 'phone' : null;
  if (phone <= specific.at) return specific.kind;
  const person = specific.kind === 'provider_phone' || specific.kind === 'member_phone';
  return person && phone - specific.at < 30 ? specific.kind : 'phone';
}

const MEDICAID_CUE =
  /(?:medicaid|medi-cal|member)(?:\s+(?:id|identification|number|no|#))?|(?:numero|id|identificacion)\s+de\s+(?:medicaid|miembro)/gu;
const ID_FILLERS = new Set([
  'is',
  'es',
  'id',
  'number',
  'numero',
  '#',
  ':',
  'el',
  'su',
  'de',
  'del',
  'the',
  'her',
  'his',
  'its',
  'of',
]);
const ID_STOPS = new Set(['and', 'y', 'the', 'el', 'la', 'is', 'es', 'su', 'de', 'for', 'o', 'or']);

function medicaidId(converted: string): { value: string; original: string } | null {
  for (const cue of converted.matchAll(MEDICAID_CUE)) {
    const rest = converted.slice(cue.index + cue[0].length, cue.index + cue[0].length + 80);
    const tokens = rest.split(/[\s:,]+/).filter(Boolean);
    let i = 0;
    while (i < tokens.length && ID_FILLERS.has(tokens[i]!)) i += 1;
    const parts: string[] = [];
    for (; i < tokens.length; i += 1) {
      const token = tokens[i]!.replace(/[.;!?]+$/, '');
      const isId =
        /^[a-z0-9-]*\d[a-z0-9-]*$/.test(token) || (/^[a-z]{1,2}$/.test(token) && !ID_STOPS.has(token));
      if (!isId) break;
      parts.push(token);
      if (tokens[i] !== token) break; // sentence end
    }
    while (parts.length && !/\d/.test(parts[parts.length - 1]!)) parts.pop();
    const value = parts.join('').replace(/-/g, '').toUpperCase();
    if (/\d/.test(value) && value.length >= 5 && value.length <= 20) {
      return { value, original: `${cue[0]} ${parts.join(' ')}` };
    }
  }
  return null;
}

const STATE_NAMES: { name: string; code: UsStateCode }[] = [
  ...US_STATES.map((s) => ({ name: foldSpeech(s.name), code: s.code })),
  ...Object.entries(SPANISH_STATE_NAMES).map(([name, code]) => ({ name, code })),
].sort((a, b) => b.name.length - a.name.length);

/** The state said in a clause of the original text, with the position of its name, or null. */
function stateIn(
  text: string,
  stage: VoiceIntakeStage,
): { code: UsStateCode; start: number; said: string } | null {
  const folded = foldSpeech(text);
  const cued = /\b(?:state(?:\s+is|\s+of)?|estado(?:\s+es|\s+de)?|lives\s+in|vive\s+en)\s+$/;
  for (const { name, code } of STATE_NAMES) {
    const re = new RegExp(`(?<![\\p{L}])${escapeRe(name)}(?![\\p{L}])`, 'gu');
    for (const m of folded.matchAll(re)) {
      const after = text.slice(m.index + name.length);
      // "Kansas City", "Washington Street", "Virginia Beach": part of another name.
      if (/^\s+(?:[\p{Lu}]|(?:street|st|avenue|ave|road|city|beach)\b)/u.test(after)) continue;
      if (
        stage === 'demographics' ||
        cued.test(folded.slice(0, m.index)) ||
        /,\s*$/.test(folded.slice(0, m.index))
      ) {
        return { code, start: m.index, said: text.slice(m.index, m.index + name.length) };
      }
    }
  }
  const abbreviation = /(?:,\s*|\bstate\s+(?:is\s+)?|\bestado\s+(?:es\s+)?)([A-Z]{2})\b/.exec(text);
  if (abbreviation?.[1]) {
    const state = US_STATES.find((s) => s.code === abbreviation[1]);
    if (state) return { code: state.code, start: abbreviation.index, said: abbreviation[0] };
  }
  return null;
}

const CITY_CUE =
  /(?:\bcity(?:\s+is|\s+of)?|\bciudad(?:\s+es|\s+de)?|\blives\s+in|\bliving\s+in|\bresides\s+in|\bvive\s+en|\breside\s+en|\blocated\s+in)\s+([\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,3})/u;
const CITY_STOP = new Set([
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'she',
  'he',
  'they',
  'lives',
  'vive',
  'in',
  'en',
  'the',
  'el',
  'la',
  'and',
  'y',
  'zip',
  'apt',
  'apartment',
  'unit',
  'suite',
  ...STREET_SUFFIXES.split('|'),
]);

function city(text: string, state: { start: number } | null): { value: string; original: string } | null {
  const cue = CITY_CUE.exec(text);
  if (cue?.[1]) {
    const words = cue[1].split(/\s+/);
    // "lives in Los Angeles California": the state is not part of the city.
    while (
      words.length &&
      STATE_NAMES.some(
        (s) =>
          foldSpeech(words.slice(-1).join(' ')) === s.name ||
          foldSpeech(words.slice(-2).join(' ')) === s.name,
      )
    ) {
      const two = foldSpeech(words.slice(-2).join(' '));
      words.splice(STATE_NAMES.some((s) => s.name === two) && words.length >= 2 ? -2 : -1);
    }
    if (words.length) return { value: words.join(' '), original: cue[0] };
  }
  if (!state) return null;
  const before = text.slice(0, state.start).replace(/[,\s]+$/, '');
  const words = before.split(/\s+/);
  const out: string[] = [];
  for (let i = words.length - 1; i >= 0 && out.length < 3; i -= 1) {
    const word = words[i]!;
    const bare = word.replace(/,$/, '');
    if (!/^[\p{Lu}][\p{L}.'’-]*$/u.test(bare) || CITY_STOP.has(foldSpeech(bare).replace(/\.$/, ''))) break;
    if (LEADING_WORDS.has(foldSpeech(bare))) break;
    out.unshift(bare);
    if (word !== bare || (i > 0 && /,$/.test(words[i - 1]!))) break;
  }
  return out.length ? { value: out.join(' '), original: `${out.join(' ')}` } : null;
}

const PROVIDER_CUE =
  /(?:provider(?:['’]s)?\s+name\s+is|(?:referring\s+)?provider\s+is|referring\s+(?:doctor|physician)\s+is|(?:the\s+)?doctor(?:['’]s)?\s+name\s+is|(?:the\s+)?(?:doctor|physician)\s+is|(?:el|la)\s+(?:proveedor|proveedora|m[eé]dic[oa])\s+(?:es|se\s+llama)|(?:el|la)\s+(?:doctor|doctora)\s+(?:es|se\s+llama)|nombre\s+del\s+(?:proveedor|m[eé]dico|doctor)\s+es)\s+/iu;
const TITLE = /^(?:dr\.?|dra\.?|doctor|doctora)$/i;

function providerName(text: string): { value: string; original: string } | null {
  const cue = PROVIDER_CUE.exec(text);
  if (cue) {
    let rest = text.slice(cue.index + cue[0].length);
    let title = '';
    const titled = /^(dr\.?|dra\.?|doctor|doctora)\s+/i.exec(rest);
    if (titled?.[1]) {
      title = /^dra|doctora/i.test(titled[1]) ? 'Dra. ' : 'Dr. ';
      rest = rest.slice(titled[0].length);
    }
    const name = nameAt(rest);
    if (name) return { value: `${title}${name}`, original: `${cue[0]}${titled?.[0] ?? ''}${name}` };
  }
  const bare = /\b(Dr\.?|Dra\.?|Doctor|Doctora)\s+([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*){0,2})/u.exec(
    text,
  );
  if (bare?.[1] && bare[2] && !TITLE.test(bare[2])) {
    const title = /^dra|doctora/i.test(bare[1]) ? 'Dra.' : 'Dr.';
    return { value: `${title} ${bare[2]}`, original: bare[0] };
  }
  return null;
}

const ORG_CUE =
  /(?:organi[sz]ation(?:\s+name)?\s+is|(?:the\s+)?practice\s+is|(?:the\s+)?clinic\s+is|works\s+(?:at|for)|is\s+with|(?:la\s+)?organizaci[oó]n\s+es|trabaja\s+(?:en|para)|(?:la\s+)?cl[ií]nica\s+es)\s+(.+?)(?=\s*(?:[,.;!?]|\s(?:and|y|phone|tel[eé]fono|npi|n\.p\.i\.?)\b|$))/iu;
const ORG_SUFFIX =
  /(?:from|at|with)\s+((?:the\s+)?(?:[\p{Lu}][\p{L}&'’.-]*\s+){0,4}(?:Clinic|Hospital|Health Center|Health Centre|Health|Medical Center|Medical Group|Medical|Center|Centre|Associates|Group|Foundation))\b/u;
const ORG_SPANISH =
  /\b((?:Cl[ií]nica|Hospital|Centro\s+de\s+Salud|Centro\s+M[eé]dico)(?:\s+(?:(?:de|del|la|las|los|el)\s+)*[\p{Lu}][\p{L}'’.-]*){1,4})/u;

function organization(text: string): { value: string; original: string } | null {
  const cue = ORG_CUE.exec(text);
  const said = cue?.[1]?.trim().replace(/^the\s+/i, '');
  if (cue && said && /\p{L}{2}/u.test(said) && said.length <= 120) return { value: said, original: cue[0] };
  const suffix = ORG_SUFFIX.exec(text);
  if (suffix?.[1]) return { value: suffix[1].replace(/^the\s+/i, ''), original: suffix[0] };
  const spanish = ORG_SPANISH.exec(text);
  if (spanish?.[1]) return { value: spanish[1], original: spanish[0] };
  return null;
}

const DIAGNOSIS_CUE =
  /(?:primary\s+diagnosis(?:\s+is)?|diagnosis(?:\s+is)?|diagnosed\s+with|dx(?:\s+is)?|diagn[oó]stico(?:\s+principal)?(?:\s+es)?|diagnosticad[oa]\s+con|tiene\s+(?:un\s+)?diagn[oó]stico\s+de)\s*[:,]?\s*(?:of\s+|de\s+)?(.+?)(?=\s*(?:[.;!?](?:\s|$)|,\s*(?:and|y|she|he|they|ella|[eé]l)\b|\s(?:and|y)\s+(?:she|he|they|needs?|necesita|requires?|requiere|ella|[eé]l)\b|$))/iu;

function diagnosis(text: string): { value: string; original: string } | null {
  const cue = DIAGNOSIS_CUE.exec(text);
  const value = cue?.[1]?.trim().replace(/[,\s]+$/, '');
  if (!cue || !value || !/\p{L}{2}/u.test(value)) return null;
  return { value: value.slice(0, 200), original: cue[0] };
}

const SDOH_ORDER: readonly string[] = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS];

function needs(folded: string, language: string) {
  const langs = keywordLanguages(language);
  const found = { sdoh_needs: [] as string[], housing: [] as string[], transportation: [] as string[] };
  for (const need of NEED_KEYWORDS) {
    if (!hasSpokenPhrase(folded, spokenPhrasesOf(need.phrases, langs))) continue;
    if (need.kind === 'housing') {
      found.housing.push(need.value);
      if (!found.sdoh_needs.includes(HOUSING_NEED)) found.sdoh_needs.push(HOUSING_NEED);
    } else if (need.kind === 'transportation') {
      found.transportation.push(need.value);
      if (!found.sdoh_needs.includes(TRANSPORTATION_NEED)) found.sdoh_needs.push(TRANSPORTATION_NEED);
    } else if (!found.sdoh_needs.includes(need.value)) found.sdoh_needs.push(need.value);
  }
  found.sdoh_needs.sort((a, b) => SDOH_ORDER.indexOf(a) - SDOH_ORDER.indexOf(b));
  return found;
}

function healthPlan(folded: string): string | null {
  const text = folded.replace(/\bunited\s+states\b/g, ' ');
  let best: { value: string; index: number } | null = null;
  for (const plan of HEALTH_PLAN_KEYWORDS) {
    const index = findSpokenPhrase(text, plan.phrases);
    if (index >= 0 && (!best || index < best.index)) best = { value: plan.value, index };
  }
  return best?.value ?? null;
}

function planType(folded: string, stage: VoiceIntakeStage): string | null {
  const fee = [...PLAN_TYPE_KEYWORDS['Fee-for-Service'].en, ...PLAN_TYPE_KEYWORDS['Fee-for-Service'].es];
  const managed = [...PLAN_TYPE_KEYWORDS['Managed Care'].en, ...PLAN_TYPE_KEYWORDS['Managed Care'].es];
  if (hasSpokenPhrase(folded, fee) || (stage === 'health_plan' && /\bfee\b/.test(folded)))
    return normalisePlanType(folded);
  if (hasSpokenPhrase(folded, managed)) return 'Managed Care';
  return null;
}

/** Consent and prior authorization: the last clause naming each one, negated or not. */
function yesNo(folded: string, language: string) {
  const langs = keywordLanguages(language);
  const negations = spokenPhrasesOf(YES_NO_KEYWORDS.no, langs);
  const out: { consent?: { value: boolean; original: string }; auth?: { value: boolean; original: string } } =
    {};
  for (const raw of folded.split(/[.;,!?]|\b(?:and|but|pero|y)\b/)) {
    const clause = raw.trim();
    if (!clause) continue;
    const negative = hasSpokenPhrase(clause, negations) || /n't\b/.test(clause);
    if (hasSpokenPhrase(clause, spokenPhrasesOf(AUTHORIZATION_KEYWORDS, langs)))
      out.auth = { value: !negative, original: clause };
    else if (hasSpokenPhrase(clause, spokenPhrasesOf(CONSENT_KEYWORDS, langs)))
      out.consent = { value: !negative, original: clause };
  }
  return out;
}

function availability(folded: string, language: string): string | null {
  const langs = keywordLanguages(language);
  if (hasSpokenPhrase(folded, spokenPhrasesOf(AVAILABILITY_KEYWORDS.Anytime, langs))) return 'Anytime';
  const weekends = hasSpokenPhrase(folded, spokenPhrasesOf(AVAILABILITY_KEYWORDS.Weekends, langs));
  // 'fines de semana' is no 'días de semana': weekday words are looked for once the weekend ones are gone.
  let rest = folded;
  for (const phrase of spokenPhrasesOf(AVAILABILITY_KEYWORDS.Weekends, langs))
    rest = rest.split(phrase).join(' ');
  const weekdays = hasSpokenPhrase(rest, spokenPhrasesOf(AVAILABILITY_KEYWORDS['Weekdays 9am-5pm'], langs));
  if (weekdays && weekends) return 'Anytime';
  if (weekdays) return 'Weekdays 9am-5pm';
  if (weekends) return 'Weekends';
  return null;
}

/**
 * The form fields said in a piece of transcript (000 §4.4, §5.4). Fields of the current stage are high
 * confidence, others medium. Each field appears at most once; values are normalised (dates YYYY-MM-DD, phones
 * (xxx) xxx-xxxx, states as codes, needs and plans as the form's options).
 */
export function extractVoiceFields(transcript: string, options: ExtractOptions): ExtractedFieldEntry[] {
  const { stage, language } = options;
  const text = transcript.normalize('NFC').trim();
  if (!text) return [];
  const folded = foldSpeech(text);
  const entries: ExtractedFieldEntry[] = [];
  const add = (field: VoiceField, value: ExtractedFieldValue, original: string) => {
    if (entries.some((e) => e.field === field)) return;
    entries.push({ field, value, confidence: fieldConfidence(field, stage), original_text: original.trim() });
  };

  const name = memberName(text, stage);
  if (name) {
    const { first_name, last_name } = splitFullName(name.name);
    add('first_name', first_name, name.original);
    if (last_name) add('last_name', last_name, name.original);
  }
  const language_ = preferredLanguage(folded, stage);
  if (language_) add('preferred_language', language_.value, language_.original);

  const dob = dateOfBirth(text, { ...options, stage });
  if (dob) add('date_of_birth', dob.value, dob.original);
  const email = emailAddress(text);
  if (email) add('email', email.value, email.original);

  // Numbers: spoken digits become digits; the address is taken out first so its house number is no ZIP.
  let converted = spokenNumbersToDigits(text);
  const address = streetAddress(converted);
  if (address) {
    add('street_address', address.value, converted.slice(address.start, address.end));
    converted =
      converted.slice(0, address.start) +
      ' '.repeat(address.end - address.start) +
      converted.slice(address.end);
  }
  const medicaid = medicaidId(converted);
  if (medicaid) add('medicaid_id', medicaid.value, medicaid.original);
  for (const run of numberRuns(converted)) {
    const kind = runKind(converted, run.start, stage);
    const tenDigits = run.digits.length === 10 || (run.digits.length === 11 && run.digits.startsWith('1'));
    if (kind === 'npi' && run.digits.length === 10) add('npi_number', run.digits, run.text);
    else if (kind === 'zip' && (run.digits.length === 5 || run.digits.length === 9))
      add('zip_code', run.digits.slice(0, 5), run.text);
    else if (
      tenDigits &&
      (kind === 'provider_phone' ||
        (kind !== 'member_phone' && kind !== 'npi' && kind !== 'medicaid' && stage === 'provider'))
    ) {
      const phone = normaliseSpokenPhone(run.text);
      if (phone) add('provider_phone_number', phone, run.text);
    } else if (
      tenDigits &&
      (kind === 'member_phone' || kind === 'phone' || (kind === null && stage === 'demographics'))
    ) {
      const phone = normaliseSpokenPhone(run.text);
      if (phone) add('phone_number', phone, run.text);
    } else if (stage === 'demographics' && kind !== 'medicaid' && /^\d{5}(?:-\d{4})?$/.test(run.text)) {
      add('zip_code', run.digits.slice(0, 5), run.text);
    }
  }

  const state = stateIn(text, stage);
  if (state) add('state', state.code, state.said);
  const city_ = city(text, state);
  if (city_) add('city', city_.value, city_.original);

  const plan = healthPlan(folded);
  if (plan) add('health_plan', plan, text);
  const type = planType(folded, stage);
  if (type) add('plan_type', type, text);

  const provider = providerName(text);
  if (provider) add('provider_name', provider.value, provider.original);
  const org = organization(text);
  if (org) add('organization', org.value, org.original);

  const dx = diagnosis(text);
  if (dx) add('primary_diagnosis', dx.value, dx.original);
  // Organization and plan names ("Valley Mental Health", "Food Bank") are no needs nor urgencies.
  if (stage !== 'provider' && stage !== 'health_plan') {
    const found = needs(folded, language);
    if (found.sdoh_needs.length) add('sdoh_needs', found.sdoh_needs, text);
    if (found.housing.length) add('housing_subcategories', found.housing, text);
    if (found.transportation.length) add('transportation_subcategories', found.transportation, text);
    const urgency = detectUrgencyLevel(text, language);
    if (urgency) add('urgency', urgency, text);
    const timeline = detectTimeline(text, language);
    if (timeline) add('timeline', timeline, text);
  }

  const answers = yesNo(folded, language);
  if (answers.consent) add('member_consent_obtained', answers.consent.value, answers.consent.original);
  if (answers.auth) add('prior_authorization_required', answers.auth.value, answers.auth.original);
  const available = availability(folded, language);
  if (available) add('availability', available, text);
  if (stage === 'additional') add('additional_notes', text, text);
  return entries;
}
