import {
  type AVAILABILITY_OPTIONS,
  type ClientUrgency,
  type HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  type LANGUAGES,
  OTHER_NEEDS,
  type PLAN_TYPES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from './referrals.ts';
import type { UsStateCode } from './us-states.ts';

// The words of guided voice intake (000 §5.4, §9), in English and Spanish. A language without its own table
// (French, Chinese, …) is matched with the English one; a Spanish transcript is matched with the Spanish table
// and the English one (plan names, "bus pass" and other English words are common in Spanish speech in the US).
// Phrases are written folded (lower case, without accents): `foldSpeech` is applied to the transcript before matching,
// and a phrase matches whole words only.

export type KeywordLanguage = 'en' | 'es';
type Phrases = Record<KeywordLanguage, readonly string[]>;

/** The keyword table of a speech language code ('es-ES', 'es-MX' → es; any other → en). */
export function keywordLanguage(language: string): KeywordLanguage {
  return language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The tables to match a transcript of this language with, in order. */
export function keywordLanguages(language: string): KeywordLanguage[] {
  return keywordLanguage(language) === 'es' ? ['es', 'en'] : ['en'];
}

/** Lower case, accents and diacritics removed, typographic apostrophes made plain: 'Crítico' → 'critico'. */
export function foldSpeech(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

const phraseCache = new Map<string, RegExp>();
function phraseRegExp(phrase: string): RegExp {
  let re = phraseCache.get(phrase);
  if (!re) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s-]+');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
    phraseCache.set(phrase, re);
  }
  return re;
}

/** The position of the first of the phrases in a folded text (whole words; a space also matches a hyphen), or -1. */
export function findSpokenPhrase(folded: string, phrases: readonly string[]): number {
  let best = -1;
  for (const phrase of phrases) {
    const index = folded.search(phraseRegExp(phrase));
    if (index >= 0 && (best < 0 || index < best)) best = index;
  }
  return best;
}

export function hasSpokenPhrase(folded: string, phrases: readonly string[]): boolean {
  return findSpokenPhrase(folded, phrases) >= 0;
}

/** The phrases of the given tables, joined. */
export function spokenPhrasesOf(table: Phrases, languages: readonly KeywordLanguage[]): string[] {
  return languages.flatMap((l) => table[l]);
}

// ── Social needs (000 §9) ────────────────────────────────────────────────────────────────────────────────────

export type NeedKeyword = {
  /** The need, or the subcategory, as the form stores it. */
  value: string;
  kind: 'need' | 'housing' | 'transportation';
  phrases: Phrases;
};

type HousingSubcategory = (typeof HOUSING_SUBCATEGORIES)[number];
type TransportationSubcategory = (typeof TRANSPORTATION_SUBCATEGORIES)[number];
type OtherNeed = (typeof OTHER_NEEDS)[number];

const HOUSING_SUB_PHRASES: Record<HousingSubcategory, Phrases> = {
  'Housing navigation': {
    en: [
      'housing navigation',
      'housing navigator',
      'find housing',
      'finding housing',
      'find a place to live',
      'find an apartment',
      'looking for housing',
      'looking for an apartment',
      'housing search',
      'search for housing',
    ],
    es: [
      'navegacion de vivienda',
      'buscar vivienda',
      'encontrar vivienda',
      'busqueda de vivienda',
      'buscar un apartamento',
      'buscar apartamento',
      'encontrar un lugar para vivir',
      'encontrar donde vivir',
      'buscar donde vivir',
    ],
  },
  'Housing deposits / move-in costs': {
    en: [
      'deposit',
      'security deposit',
      'housing deposit',
      'move in costs',
      'move in cost',
      'move in',
      'moving costs',
      "first month's rent",
      'first month rent',
    ],
    es: [
      'deposito',
      'deposito de seguridad',
      'deposito de renta',
      'costos de mudanza',
      'gastos de mudanza',
      'costos de entrada',
      'mudanza',
      'primer mes de renta',
      'primer mes de alquiler',
    ],
  },
  'Housing tenancy support': {
    en: [
      'tenancy',
      'tenancy support',
      'tenant support',
      'keep her housing',
      'keep his housing',
      'keep their housing',
      'stay housed',
      'landlord',
      'lease',
    ],
    es: [
      'apoyo al inquilino',
      'inquilino',
      'inquilina',
      'arrendamiento',
      'mantener su vivienda',
      'conservar su vivienda',
      'casero',
      'arrendador',
      'contrato de renta',
      'contrato de alquiler',
    ],
  },
  'Transitional housing': {
    en: ['transitional housing', 'temporary housing', 'halfway house', 'sober living', 'interim housing'],
    es: ['vivienda transitoria', 'vivienda temporal', 'vivienda de transicion', 'casa de transicion'],
  },
};

const TRANSPORTATION_SUB_PHRASES: Record<TransportationSubcategory, Phrases> = {
  'Non-Emergency Medical Transportation (NEMT)': {
    en: [
      'nemt',
      'non emergency medical transportation',
      'nonemergency medical transportation',
      'medical transportation',
      'medical transport',
      'ride to the doctor',
      'rides to the doctor',
      'ride to her appointments',
      'ride to his appointments',
      'ride to their appointments',
      'ride to appointments',
      'rides to appointments',
      'rides to her appointments',
      'rides to his appointments',
      'ride to the clinic',
      'ride to dialysis',
      'rides to dialysis',
      'transportation to appointments',
      'transportation to her appointments',
      'transportation to his appointments',
      'transportation to medical appointments',
      'get to her appointments',
      'get to his appointments',
      'get to the doctor',
    ],
    es: [
      'transporte medico',
      'transporte medico no de emergencia',
      'transporte medico que no es de emergencia',
      'transporte a sus citas',
      'transporte a las citas',
      'transporte a citas medicas',
      'transporte al medico',
      'transporte al doctor',
      'llevarla al doctor',
      'llevarlo al doctor',
      'llevarla al medico',
      'llevarlo al medico',
      'ir a sus citas',
      'llegar a sus citas',
      'ir al doctor',
      'ir al medico',
    ],
  },
  'Bus passes / transit vouchers': {
    en: [
      'bus pass',
      'bus passes',
      'bus ticket',
      'bus tickets',
      'bus fare',
      'transit voucher',
      'transit vouchers',
      'transit pass',
      'transit passes',
      'metro card',
      'metrocard',
      'tap card',
      'clipper card',
    ],
    es: [
      'pase de autobus',
      'pases de autobus',
      'pase del autobus',
      'boleto de autobus',
      'boletos de autobus',
      'pase de camion',
      'pase del bus',
      'pase de transporte',
      'pases de transporte',
      'vale de transporte',
      'vales de transporte',
      'tarjeta de transporte',
      'tarjeta del metro',
    ],
  },
};

const PARENT_NEED_PHRASES: Record<typeof HOUSING_NEED | typeof TRANSPORTATION_NEED, Phrases> = {
  [HOUSING_NEED]: {
    en: [
      'housing',
      'homeless',
      'homelessness',
      'unhoused',
      'place to live',
      'place to stay',
      'shelter',
      'eviction',
      'evicted',
      'rent',
      'rental assistance',
      'losing her home',
      'losing his home',
      'losing their home',
    ],
    es: [
      'vivienda',
      'sin hogar',
      'sin techo',
      'sin casa',
      'situacion de calle',
      'refugio',
      'albergue',
      'alojamiento',
      'desalojo',
      'desalojado',
      'desalojada',
      'renta',
      'alquiler',
      'lugar donde vivir',
      'lugar para vivir',
      'donde quedarse',
    ],
  },
  [TRANSPORTATION_NEED]: {
    en: [
      'transportation',
      'transport',
      'a ride',
      'rides',
      'ride to',
      'no car',
      "doesn't have a car",
      "can't drive",
      'cannot drive',
    ],
    es: [
      'transporte',
      'transportacion',
      'traslado',
      'traslados',
      'raite',
      'aventon',
      'no tiene carro',
      'no tiene coche',
      'no tiene auto',
      'no puede manejar',
      'no puede conducir',
    ],
  },
};

const OTHER_NEED_PHRASES: Record<OtherNeed, Phrases> = {
  'Food Assistance': {
    en: [
      'food',
      'groceries',
      'grocery',
      'hungry',
      'hunger',
      'meals',
      'something to eat',
      'food stamps',
      'snap',
      'calfresh',
      'wic',
      'food bank',
      'food pantry',
    ],
    es: [
      'comida',
      'comidas',
      'alimentos',
      'alimentacion',
      'alimento',
      'hambre',
      'despensa',
      'mandado',
      'banco de comida',
      'banco de alimentos',
      'cupones de comida',
      'cupones de alimentos',
      'estampillas de comida',
    ],
  },
  'Mental Health Support': {
    en: [
      'mental health',
      'depression',
      'depressed',
      'anxiety',
      'counseling',
      'counselling',
      'therapy',
      'therapist',
      'psychiatrist',
      'psychologist',
      'ptsd',
    ],
    es: [
      'salud mental',
      'depresion',
      'deprimida',
      'deprimido',
      'ansiedad',
      'terapia',
      'psicologo',
      'psicologa',
      'psiquiatra',
      'consejeria',
    ],
  },
  'Substance Abuse Treatment': {
    en: [
      'substance abuse',
      'substance use',
      'addiction',
      'addicted',
      'drugs',
      'drug use',
      'drug addiction',
      'alcohol',
      'alcoholism',
      'drinking problem',
      'rehab',
      'detox',
      'opioid',
      'opioids',
    ],
    es: [
      'abuso de sustancias',
      'consumo de sustancias',
      'adiccion',
      'adicciones',
      'drogas',
      'alcohol',
      'alcoholismo',
      'rehabilitacion',
      'desintoxicacion',
    ],
  },
  'Financial Assistance': {
    en: [
      'financial',
      'financially',
      'money',
      'cash assistance',
      'pay her bills',
      'pay his bills',
      'pay the bills',
      'pay bills',
      "can't pay",
      'cannot pay',
      'no income',
      'debt',
    ],
    es: [
      'ayuda financiera',
      'asistencia financiera',
      'ayuda economica',
      'apoyo economico',
      'dinero',
      'deudas',
      'pagar las cuentas',
      'pagar sus cuentas',
      'no puede pagar',
      'sin ingresos',
    ],
  },
  'Healthcare Access': {
    en: [
      'healthcare access',
      'health care access',
      'access to care',
      'access to healthcare',
      'access to health care',
      'see a doctor',
      'find a doctor',
      'primary care',
      'primary care doctor',
      'medical care',
      'medications',
      'prescriptions',
    ],
    es: [
      'acceso a la salud',
      'acceso a servicios de salud',
      'acceso a atencion medica',
      'atencion medica',
      'cuidado medico',
      'ver a un doctor',
      'ver a un medico',
      'encontrar un doctor',
      'encontrar un medico',
      'medico de cabecera',
      'medicamentos',
      'medicinas',
    ],
  },
  'Education Support': {
    en: ['education', 'school', 'ged', 'classes', 'tutoring', 'literacy', 'english classes'],
    es: ['educacion', 'escuela', 'clases', 'tutoria', 'estudios', 'clases de ingles'],
  },
  'Employment Support': {
    en: [
      'employment',
      'job',
      'jobs',
      'unemployed',
      'find work',
      'looking for work',
      'out of work',
      'job training',
      'resume',
    ],
    es: [
      'empleo',
      'trabajo',
      'desempleado',
      'desempleada',
      'buscar trabajo',
      'sin trabajo',
      'capacitacion laboral',
    ],
  },
  'Legal Services': {
    en: ['legal', 'legal aid', 'lawyer', 'attorney', 'immigration', 'court'],
    es: ['legal', 'legales', 'ayuda legal', 'abogado', 'abogada', 'inmigracion', 'corte', 'tribunal'],
  },
  'Childcare Support': {
    en: [
      'childcare',
      'child care',
      'daycare',
      'day care',
      'babysitter',
      'babysitting',
      'someone to watch her kids',
    ],
    es: [
      'cuidado de ninos',
      'cuidado infantil',
      'guarderia',
      'ninera',
      'cuidar a sus hijos',
      'cuidar a los ninos',
    ],
  },
  'Utility Assistance': {
    en: [
      'utility',
      'utilities',
      'electric bill',
      'electricity',
      'power bill',
      'gas bill',
      'water bill',
      'heating',
      'power shut off',
      'lights shut off',
      'lights cut off',
    ],
    es: [
      'servicios publicos',
      'electricidad',
      'recibo de luz',
      'factura de luz',
      'pagar la luz',
      'cortaron la luz',
      'recibo de agua',
      'factura de agua',
      'recibo del gas',
      'recibo de gas',
      'factura del gas',
      'calefaccion',
    ],
  },
};

/** Every need and subcategory of 000 §9 with its phrases. */
export const NEED_KEYWORDS: readonly NeedKeyword[] = [
  ...HOUSING_SUBCATEGORIES.map((value) => ({
    value,
    kind: 'housing' as const,
    phrases: HOUSING_SUB_PHRASES[value],
  })),
  ...TRANSPORTATION_SUBCATEGORIES.map((value) => ({
    value,
    kind: 'transportation' as const,
    phrases: TRANSPORTATION_SUB_PHRASES[value],
  })),
  { value: HOUSING_NEED, kind: 'need', phrases: PARENT_NEED_PHRASES[HOUSING_NEED] },
  { value: TRANSPORTATION_NEED, kind: 'need', phrases: PARENT_NEED_PHRASES[TRANSPORTATION_NEED] },
  ...OTHER_NEEDS.map((value) => ({ value, kind: 'need' as const, phrases: OTHER_NEED_PHRASES[value] })),
];

// ── Urgency (000 §5.4) ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Urgency words: the level itself. 'urgent' alone is not in the 000 §5.4 rule; it is read as Within 24h, as the
 * server's Urgent is (000 §3.2 reverse mapping). Negated words ('not urgent', 'no es una emergencia') are
 * routine and are removed before the other words are looked for.
 */
export const URGENCY_KEYWORDS: {
  routine: Phrases;
  immediate: Phrases;
  urgent: Phrases;
} = {
  routine: {
    en: [
      'not urgent',
      "isn't urgent",
      'not an emergency',
      "isn't an emergency",
      'not critical',
      'no rush',
      'no hurry',
      'routine',
      'standard',
    ],
    es: [
      'no es urgente',
      'no urgente',
      'no es una emergencia',
      'no es emergencia',
      'no es critico',
      'no es critica',
      'sin prisa',
      'no hay prisa',
      'no hay apuro',
      'de rutina',
      'rutina',
      'rutinario',
      'rutinaria',
    ],
  },
  immediate: {
    en: [
      'immediate',
      'immediately',
      'emergency',
      'critical',
      'asap',
      'a s a p',
      'as soon as possible',
      'right away',
    ],
    es: [
      'inmediato',
      'inmediata',
      'inmediatamente',
      'de inmediato',
      'emergencia',
      'critico',
      'critica',
      'lo antes posible',
      'lo mas pronto posible',
      'cuanto antes',
      'ya mismo',
    ],
  },
  urgent: { en: ['urgent', 'urgently'], es: ['urgente', 'urgentemente', 'con urgencia'] },
};

/** Timeline words (000 §5.4): '24 hour'/tomorrow → Within 24h; week/'7 day' → Within 1 Week. */
export const TIMELINE_KEYWORDS: { day: Phrases; week: Phrases; notWeek: Phrases; notDay: Phrases } = {
  day: {
    en: [
      '24 hour',
      '24 hours',
      '24hrs',
      '24h',
      'twenty four hours',
      'twenty four hour',
      'tomorrow',
      'within a day',
      'one day',
    ],
    es: ['24 horas', 'veinticuatro horas', 'manana', 'un dia'],
  },
  week: {
    en: ['week', 'weeks', '7 day', '7 days', 'seven days', 'seven day'],
    es: ['semana', 'semanas', '7 dias', 'siete dias'],
  },
  /** Removed before the week words are looked for: 'weekend' is no week ('\bweek\b' already skips it). */
  notWeek: {
    en: [],
    es: ['fin de semana', 'fines de semana', 'entre semana', 'dias de semana', 'dia de semana'],
  },
  /** Removed before the day words: 'la mañana' is the morning, not tomorrow. */
  notDay: { en: [], es: ['la manana', 'las mananas', 'esta manana'] },
};

/** The order of the urgency levels, most urgent first (000 §9). */
export const URGENCY_ORDER: readonly ClientUrgency[] = [
  'Immediate',
  'Within 24h',
  'Within 1 Week',
  'Routine',
];

// ── Health plans, plan types (000 §9) ────────────────────────────────────────────────────────────────────────

type HealthPlan = (typeof HEALTH_PLANS)[number];
/** Spoken names of the plans; the same in both languages. 'united' alone never means 'United States'. */
export const HEALTH_PLAN_KEYWORDS: readonly {
  value: Exclude<HealthPlan, 'Other'>;
  phrases: readonly string[];
}[] = [
  { value: 'Anthem Blue Cross', phrases: ['anthem', 'anthem blue cross', 'blue cross', 'bluecross'] },
  { value: 'Kaiser Permanente', phrases: ['kaiser', 'kaiser permanente', 'permanente'] },
  { value: 'Health Net', phrases: ['health net', 'healthnet'] },
  { value: 'Molina Healthcare', phrases: ['molina', 'molina healthcare', 'molina health care'] },
  { value: 'Centene Corporation', phrases: ['centene', 'centene corporation'] },
  {
    value: 'UnitedHealthcare',
    phrases: [
      'unitedhealthcare',
      'united healthcare',
      'united health care',
      'united health',
      'uhc',
      'united',
    ],
  },
];

type PlanType = (typeof PLAN_TYPES)[number];
export const PLAN_TYPE_KEYWORDS: Record<PlanType, Phrases> = {
  'Fee-for-Service': {
    en: ['fee for service', 'fee-for-service', 'ffs', 'straight medicaid', 'regular medicaid'],
    es: ['pago por servicio', 'tarifa por servicio', 'cuota por servicio'],
  },
  'Managed Care': {
    en: ['managed care', 'managed care plan', 'hmo', 'managed medicaid'],
    es: [
      'atencion administrada',
      'cuidado administrado',
      'atencion medica administrada',
      'plan administrado',
      'atencion gestionada',
      'cuidado coordinado',
    ],
  },
};

// ── Consent and authorization (000 §3.4) ─────────────────────────────────────────────────────────────────────

export const YES_NO_KEYWORDS: { yes: Phrases; no: Phrases } = {
  yes: {
    en: ['yes', 'yeah', 'yep', 'correct', 'affirmative', 'she did', 'he did', 'they did'],
    es: ['si', 'claro', 'correcto', 'asi es'],
  },
  /** A clause with one of these is negative ("n't" is matched separately). */
  no: {
    en: [
      'no',
      'not',
      'nope',
      'never',
      'without',
      'none',
      'refused',
      'declined',
      'denied',
      "hasn't",
      "didn't",
      "doesn't",
      "isn't",
      "wasn't",
      "won't",
      "don't",
    ],
    es: ['no', 'nunca', 'sin', 'ningun', 'ninguna', 'se nego', 'rechazo', 'nego'],
  },
};

export const CONSENT_KEYWORDS: Phrases = {
  en: [
    'consent',
    'consented',
    'consents',
    'consenting',
    'agreed',
    'agrees',
    'gave permission',
    'given permission',
  ],
  es: [
    'consentimiento',
    'consintio',
    'consiente',
    'consentido',
    'de acuerdo',
    'acepto',
    'dio permiso',
    'dio su permiso',
  ],
};

export const AUTHORIZATION_KEYWORDS: Phrases = {
  en: [
    'authorization',
    'authorisation',
    'prior auth',
    'preauthorization',
    'pre authorization',
    'preauth',
    'pre auth',
    'authorized',
  ],
  es: ['autorizacion', 'autorizacion previa', 'preautorizacion', 'pre autorizacion'],
};

// ── Availability (000 §9) ────────────────────────────────────────────────────────────────────────────────────

type Availability = (typeof AVAILABILITY_OPTIONS)[number];
export const AVAILABILITY_KEYWORDS: Record<Availability, Phrases> = {
  'Weekdays 9am-5pm': {
    en: [
      'weekdays',
      'weekday',
      'monday through friday',
      'monday to friday',
      'business hours',
      'office hours',
      '9 to 5',
      '9am to 5pm',
      'nine to five',
      'during the week',
    ],
    es: [
      'entre semana',
      'dias de semana',
      'dias entre semana',
      'de lunes a viernes',
      'lunes a viernes',
      'horario de oficina',
      'horario laboral',
      'de 9 a 5',
      'de nueve a cinco',
    ],
  },
  Weekends: {
    en: ['weekends', 'weekend', 'saturday', 'saturdays', 'sunday', 'sundays'],
    es: ['fines de semana', 'fin de semana', 'sabado', 'sabados', 'domingo', 'domingos'],
  },
  Anytime: {
    en: ['anytime', 'any time', 'whenever', 'flexible', 'any day', 'all day'],
    es: [
      'cualquier momento',
      'cualquier hora',
      'cualquier dia',
      'cuando sea',
      'a cualquier hora',
      'flexible',
      'todo el dia',
    ],
  },
};

// ── Preferred languages (the form's list, 000 §9) ────────────────────────────────────────────────────────────

type FormLanguage = (typeof LANGUAGES)[number];
/** Names of the form's languages, said in English or Spanish. Cantonese comes before Mandarin ('Chinese'). */
export const LANGUAGE_KEYWORDS: readonly {
  value: Exclude<FormLanguage, 'Other'>;
  phrases: readonly string[];
}[] = [
  { value: 'English', phrases: ['english', 'ingles'] },
  { value: 'Spanish', phrases: ['spanish', 'espanol', 'castellano'] },
  { value: 'Cantonese', phrases: ['cantonese', 'cantones'] },
  {
    value: 'Mandarin',
    phrases: ['mandarin', 'chinese', 'mandarin chinese', 'chino', 'chino mandarin', 'mandarin'],
  },
  { value: 'Vietnamese', phrases: ['vietnamese', 'vietnamita'] },
  { value: 'Korean', phrases: ['korean', 'coreano'] },
  { value: 'Tagalog', phrases: ['tagalog', 'filipino', 'tagalo'] },
  { value: 'Arabic', phrases: ['arabic', 'arabe'] },
  { value: 'French', phrases: ['french', 'frances'] },
];

// ── US states said in Spanish (the English names are in us-states.ts) ───────────────────────────────────────

export const SPANISH_STATE_NAMES: Readonly<Record<string, UsStateCode>> = {
  'nueva york': 'NY',
  'nuevo mexico': 'NM',
  'nueva jersey': 'NJ',
  'nuevo hampshire': 'NH',
  'carolina del norte': 'NC',
  'carolina del sur': 'SC',
  'dakota del norte': 'ND',
  'dakota del sur': 'SD',
  pensilvania: 'PA',
  luisiana: 'LA',
  misisipi: 'MS',
  hawai: 'HI',
  'virginia occidental': 'WV',
  'distrito de columbia': 'DC',
  tejas: 'TX',
};
