// Which of a referral's details a web-form input asks for (001 §5 web form: "match the referral's fields to the
// form's inputs by label, name and placeholder"). Pure functions, so the rules are tested without a browser:
// the browser driver describes each input (its <label> text, aria-label, name, id, placeholder, autocomplete
// token, the section it sits in) and fills what these functions decide.

/** What the driver knows of one input, select or textarea of the page. */
export type FieldDescriptor = {
  tag: 'input' | 'textarea' | 'select';
  /** The input's type, lower case ('text', 'email', 'checkbox', 'radio'…); 'textarea' / 'select' otherwise. */
  type: string;
  label?: string | null;
  ariaLabel?: string | null;
  name?: string | null;
  id?: string | null;
  placeholder?: string | null;
  autocomplete?: string | null;
  /** The text just before an input without a label ("First name <input>" laid out in a table or divs). */
  context?: string | null;
  /** The fieldset legend or heading of the part of the form it sits in ("Client information", "Referrer"). */
  section?: string | null;
};

export type FieldKind =
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'date_of_birth'
  | 'phone'
  | 'email'
  | 'street_address'
  | 'city'
  | 'state'
  | 'zip'
  | 'medicaid_id'
  | 'health_plan'
  | 'language'
  | 'needs'
  | 'urgency'
  | 'availability'
  | 'organization'
  | 'subject'
  | 'country'
  | 'message'
  | 'consent';

/**
 * Whose detail it is: the member's, the referrer's (the coordinator and the referring organization), or the
 * person filling the form ("Your name"), who is the referrer on a form that also asks about a client and the
 * member on a self-referral form.
 */
export type FieldRole = 'member' | 'referrer' | 'self';

export type FieldMatch = {
  kind: FieldKind;
  role: FieldRole;
  /** The role was said in so many words (a member or referrer word in the text or its section). */
  explicitRole: boolean;
  /** "Confirm email", "Re-enter phone": a second input that takes the same value. */
  confirm: boolean;
  /** Which description decided it. */
  source: 'autocomplete' | 'label' | 'aria' | 'name' | 'id' | 'placeholder' | 'context';
};

/** The referral's details a form may receive (built by modules/communications/web-forms/form-values.ts). */
export type FormValues = {
  firstName: string;
  lastName: string;
  /** ISO yyyy-mm-dd. */
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  medicaidId: string | null;
  healthPlan: string | null;
  language: string | null;
  needs: string[];
  /**
   * The urgency the coordinator chose (Immediate, Within 24h, Within 1 Week, Routine; issue #14), or a server
   * value (Emergency, Urgent, Routine).
   */
  urgency: string | null;
  availability: string | null;
  referrerName: string | null;
  referrerEmail: string | null;
  referrerPhone: string | null;
  organization: string | null;
  country: string | null;
  /** The member consented to sharing their details (000 §3.2 member_consent_obtained): consent boxes are ticked. */
  consentObtained: boolean;
  /** A contact form's subject line ("Referral 4821093756 from …"), without PHI. */
  subject: string;
  /** The free-text message: the referral summary and how to reach the coordinator. */
  message: string;
};

/** Lower case, accents stripped, camelCase and snake_case split, punctuation to spaces. */
export function normalizeText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Inputs never filled: secrets, payment, other people, and details a referral does not hold. A description
// that names one of these stops the matching (a "phone" name attribute does not overrule an "Emergency
// contact phone" label).
const EXCLUDED =
  /\b(password|passcode|captcha|recaptcha|user ?name|login|search|coupon|promo|credit|card ?(number|no)|cvv|cvc|expir\w*|ssn|social security|seguro social|emergency|emergencia|spouse|partner|parent|guardian|mother|father|tutor|doctor|physician|pcp|employer|school|hospital|income|ingresos|middle|initial|suffix|line 2|address 2|address2|apt|apartment|suite|unit|county|condado|gender|sex|sexo|genero|age|edad|marital|civil|website|url|fax|ext|extension|honeypot|leave (this )?(field )?(blank|empty)|newsletter|marketing|promotional|promotions|subscribe|mailing list)\b/;

const REFERRER =
  /\b(referrer|referring|referred by|referral (source|agency|partner|contact|coordinator)|case ?manager|care ?coordinator|coordinator|case ?worker|social ?worker|navigator|submitter|submitted by|requester|requestor|staff|agency contact|contact person|professional|remitente|referido por|quien refiere|coordinador[a]?|trabajador[a]? social)\b/;
const MEMBER =
  /\b(patient|client|member|participant|applicant|consumer|individual|resident|beneficiary|recipient|person referred|person being referred|customer|guest|youth|senior|paciente|cliente|miembro|participante|solicitante|beneficiario|persona referida)\b/;
const SELF = /\b(your|you|my|tu|su|sus|mi|usted)\b/;
const CONFIRM = /\b(confirm|verify|re ?enter|re ?type|again|repeat|confirmar|repetir|de nuevo)\b/;

// Kinds in the order they are tried: the more specific first ("Email address" is an email, not an address;
// "Organization name" an organization, not a name; "Member ID" a Medicaid ID, not a name).
const KINDS: [FieldKind, RegExp][] = [
  ['email', /\b(e ?mail|email address|correo|correo electronico)\b/],
  [
    'date_of_birth',
    /\b(dob|d o b|birth|birthday|birthdate|bday|date of birth|dateofbirth|nacimiento|fecha de nacimiento)\b|dob\b/,
  ],
  [
    'medicaid_id',
    /\b(medicaid|medi ?cal|cin|member (id|number|no)|memberid|subscriber (id|number|no)|insurance (id|number|no)|policy (id|number|no)|id de medicaid|numero de medicaid)\b/,
  ],
  [
    'health_plan',
    /\b(health ?plan|insurance|insurer|payer|payor|managed care|mco|plan de salud|seguro medico|seguro|aseguradora)\b/,
  ],
  ['country', /\b(country|pais|nation)\b/],
  ['zip', /\b(zip|zipcode|zip code|postal|postcode|post code|postal code|codigo postal|cp)\b/],
  ['state', /\b(state|province|estado|provincia)\b/],
  ['city', /\b(city|town|ciudad|municipality|municipio|locality|localidad|poblacion)\b/],
  ['street_address', /\b(street|address|addr|address ?1|address line ?1|direccion|domicilio|calle)\b/],
  [
    'phone',
    /\b(phone|telephone|tel|mobile|cell|cellphone|contact number|phone number|telefono|celular|movil)\b|phone\b/,
  ],
  ['first_name', /\b(first ?name|fname|firstname|given ?name|forename|first|primer nombre|nombre de pila)\b/],
  ['last_name', /\b(last ?name|lname|lastname|surname|family ?name|last|apellidos?)\b/],
  [
    'organization',
    /\b(organi[sz]ation|agency|company|facility|clinic|institution|agencia|organizacion|empresa|institucion)\b/,
  ],
  ['full_name', /\b(name|full ?name|fullname|nombre|nombres|nombre completo)\b|name\b/],
  ['language', /\b(language|idioma|lengua|lenguaje)\b/],
  ['urgency', /\b(urgency|urgent|priority|timeframe|how soon|urgencia|prioridad)\b/],
  [
    'availability',
    /\b(availability|available|best time|preferred time|time to (call|contact|reach)|disponibilidad|horario|mejor hora)\b/,
  ],
  ['subject', /\b(subject|asunto|topic|regarding)\b/],
  [
    'message',
    /\b(message|comments?|notes?|details|description|describe|additional (information|info|details)|anything else|how can we help|tell us|mensaje|comentarios?|notas?|detalles|descripcion|informacion adicional)\b/,
  ],
  [
    'needs',
    /\b(needs?|services?|service type|type of (help|service|assistance)|reason|help with|assistance|program|requested|interest|interested|necesidad|necesidades|servicios?|motivo|ayuda|programa)\b/,
  ],
];

const CONSENT =
  /\b(consent|agree|agrees|authori[sz]e|authori[sz]ation|acknowledge|permission|terms|privacy|hipaa|release of information|certify|consentimiento|acepto|autorizo|de acuerdo|permiso)\b/;

const AUTOCOMPLETE: Record<string, FieldKind | null> = {
  'given-name': 'first_name',
  'family-name': 'last_name',
  name: 'full_name',
  bday: 'date_of_birth',
  tel: 'phone',
  'tel-national': 'phone',
  email: 'email',
  'street-address': 'street_address',
  'address-line1': 'street_address',
  'address-level2': 'city',
  'address-level1': 'state',
  'postal-code': 'zip',
  organization: 'organization',
  language: 'language',
  // Known tokens the referral does not fill.
  'additional-name': null,
  'address-line2': null,
  'address-line3': null,
  country: null,
  'country-name': null,
  sex: null,
  username: null,
  'new-password': null,
  'current-password': null,
  'one-time-code': null,
};

type Classified = { kind: FieldKind; role: FieldRole | null; confirm: boolean } | 'excluded' | null;

function roleOf(text: string): FieldRole | null {
  if (REFERRER.test(text)) return 'referrer';
  if (MEMBER.test(text)) return 'member';
  if (SELF.test(text)) return 'self';
  return null;
}

/** One description ("Patient phone", "fname", "Fecha de nacimiento") → what it asks for, if anything. */
function classifyText(raw: string | null | undefined, checkable: boolean): Classified {
  const text = normalizeText(raw);
  if (!text) return null;
  if (EXCLUDED.test(text)) return 'excluded';
  // A checkbox or radio asking for consent is ticked when the member consented (never a newsletter: above).
  if (checkable && CONSENT.test(text)) return { kind: 'consent', role: null, confirm: false };
  for (const [kind, pattern] of KINDS) {
    if (pattern.test(text)) return { kind, role: roleOf(text), confirm: CONFIRM.test(text) };
  }
  return null;
}

function autocompleteKind(token: string | null | undefined): FieldKind | null | undefined {
  if (!token) return undefined;
  // "section-intake shipping postal-code": the field name is the last token.
  const last = token.trim().toLowerCase().split(/\s+/).pop() ?? '';
  if (last === 'on' || last === 'off' || !last) return undefined;
  return last in AUTOCOMPLETE ? AUTOCOMPLETE[last] : undefined;
}

/**
 * What one input asks for: the first of its descriptions that says (autocomplete token, label, aria-label, name,
 * id, placeholder, the text before it) decides; a description that names something never filled (a password,
 * an emergency contact) stops there. The role comes from the same text, else from its section.
 */
export function matchField(field: FieldDescriptor): FieldMatch | null {
  const checkable = field.type === 'checkbox' || field.type === 'radio';
  const sectionRole = roleOf(normalizeText(field.section));
  const fromAutocomplete = checkable ? undefined : autocompleteKind(field.autocomplete);
  if (fromAutocomplete === null) return null;
  if (fromAutocomplete) {
    const role = sectionRole ?? (fromAutocomplete === 'organization' ? 'referrer' : 'member');
    return {
      kind: fromAutocomplete,
      role,
      explicitRole: sectionRole !== null,
      confirm: false,
      source: 'autocomplete',
    };
  }
  const sources: [FieldMatch['source'], string | null | undefined][] = [
    ['label', field.label],
    ['aria', field.ariaLabel],
    ['name', field.name],
    ['id', field.id],
    ['placeholder', field.placeholder],
    ['context', field.context],
  ];
  for (const [source, text] of sources) {
    const found = classifyText(text, checkable);
    if (found === 'excluded') return null;
    if (!found) continue;
    if (checkable && found.kind !== 'consent') {
      // A radio group or checkbox labelled "Urgency", "Preferred language"… keeps its kind; its options
      // decide the value. A lone checkbox that is neither consent nor a need stays unticked.
      if (field.type === 'checkbox' && found.kind !== 'needs') return null;
    }
    const explicit = found.role ?? sectionRole;
    const role: FieldRole = explicit ?? (found.kind === 'organization' ? 'referrer' : 'member');
    return { kind: found.kind, role, explicitRole: explicit !== null, confirm: found.confirm, source };
  }
  return null;
}

/** An option of a select or a radio group. */
export type ChoiceOption = { value: string; text: string; disabled?: boolean };

const PLACEHOLDER_OPTION = /^(select|choose|pick|please select|seleccione|elija|escoja|none selected|--+)\b/;
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'or',
  'the',
  'of',
  'for',
  'to',
  'with',
  'in',
  'assistance',
  'services',
  'service',
  'support',
  'help',
  'program',
  'programs',
  'needs',
  'need',
  'other',
  'y',
  'de',
  'la',
  'el',
  'para',
  'servicios',
  'ayuda',
  'asistencia',
]);

function tokens(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

function wholeWords(haystack: string, needle: string): boolean {
  if (!needle) return false;
  return ` ${haystack} `.includes(` ${needle} `);
}

/** How well one option answers one wanted value: 3 equal, 2 one contains the other, 1 a shared word. */
function optionScore(option: ChoiceOption, wanted: string): number {
  const want = normalizeText(wanted);
  if (!want) return 0;
  const text = normalizeText(option.text);
  const value = normalizeText(option.value);
  if (text === want || value === want) return 3;
  if (wholeWords(text, want) || (text.length > 1 && wholeWords(want, text))) return 2;
  const wantTokens = new Set(tokens(wanted));
  if (tokens(option.text).some((t) => wantTokens.has(t))) return 1;
  return 0;
}

function isPlaceholderOption(option: ChoiceOption): boolean {
  if (option.disabled) return true;
  const text = normalizeText(option.text);
  return (
    (option.value === '' && (text === '' || PLACEHOLDER_OPTION.test(text))) || PLACEHOLDER_OPTION.test(text)
  );
}

/**
 * The option that best answers the wanted values, tried in order of preference (the first wanted value any
 * option answers wins; among options, the closest). Placeholder options ("Select…") never count.
 */
export function chooseOption(options: readonly ChoiceOption[], wanted: readonly string[]): number | null {
  for (const want of wanted) {
    let best: { index: number; score: number } | null = null;
    for (const [index, option] of options.entries()) {
      if (isPlaceholderOption(option)) continue;
      const score = optionScore(option, want);
      if (score > 0 && (!best || score > best.score)) best = { index, score };
    }
    if (best) return best.index;
  }
  return null;
}

export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

const LANGUAGE_NAMES: Record<string, string[]> = {
  english: ['English', 'Inglés', 'EN'],
  spanish: ['Spanish', 'Español', 'ES'],
  chinese: ['Chinese', 'Mandarin', 'Cantonese', '中文'],
  vietnamese: ['Vietnamese', 'Tiếng Việt'],
  korean: ['Korean', '한국어'],
  tagalog: ['Tagalog', 'Filipino'],
  russian: ['Russian', 'Русский'],
  arabic: ['Arabic', 'العربية'],
};

// 000 §3.2 server urgencies and the words forms use for them, most precise first.
const URGENCY_WORDS: Record<string, string[]> = {
  emergency: ['Emergency', 'Immediate', 'Critical', 'ASAP', 'Urgent', 'High'],
  urgent: ['Urgent', 'Within 24 hours', 'Within 24h', 'High', 'Soon', 'ASAP'],
  routine: ['Routine', 'Normal', 'Standard', 'Regular', 'Not urgent', 'Low', 'Within 1 week'],
  // The chosen levels (issue #14): their own words first, then those of their server value (000 §3.2).
  immediate: ['Immediate', 'Emergency', 'Critical', 'ASAP', 'Urgent', 'High'],
  'within 24h': ['Within 24h', 'Within 24 hours', '24 hours', 'Urgent', 'High', 'Soon', 'ASAP'],
  'within 1 week': [
    'Within 1 week',
    'Within a week',
    'Within 7 days',
    'This week',
    'Urgent',
    'Medium',
    'Soon',
  ],
};

const YES = ['Yes', 'Sí', 'Si', 'I agree', 'Agree', 'I consent', 'Acepto'];

/** A state as its two-letter code when the value is one, or the code of a full name. */
function stateCandidates(state: string): string[] {
  const code = state.trim().toUpperCase();
  if (US_STATES[code]) return [code, US_STATES[code]];
  const entry = Object.entries(US_STATES).find(([, name]) => normalizeText(name) === normalizeText(state));
  return entry ? [entry[0], entry[1]] : [state];
}

function countryCandidates(country: string): string[] {
  const c = normalizeText(country);
  if (['usa', 'us', 'united states', 'united states of america'].includes(c)) {
    return ['United States', 'United States of America', 'USA', 'US'];
  }
  return [country];
}

/** What a select or radio group is offered, most wanted first, for a field's kind and role. */
export function wantedChoices(match: FieldMatch, values: FormValues): string[] {
  const role = match.role;
  switch (match.kind) {
    case 'consent':
      return values.consentObtained ? YES : [];
    case 'country':
      return values.country ? countryCandidates(values.country) : [];
    case 'state':
      return role === 'member' && values.state ? stateCandidates(values.state) : [];
    case 'language': {
      if (role !== 'member' || !values.language) return [];
      return LANGUAGE_NAMES[normalizeText(values.language)] ?? [values.language];
    }
    case 'urgency':
      return values.urgency ? (URGENCY_WORDS[normalizeText(values.urgency)] ?? [values.urgency]) : [];
    case 'needs':
      return values.needs;
    default: {
      const text = textValue(match, values);
      return text ? [text] : [];
    }
  }
}

function splitName(name: string | null): { first: string; last: string } | null {
  if (!name?.trim()) return null;
  const parts = name.trim().split(/\s+/);
  return { first: parts[0]!, last: parts.length > 1 ? parts.slice(1).join(' ') : '' };
}

/** The text a field receives before formatting for its input, or null when the referral does not hold it. */
export function textValue(match: FieldMatch, values: FormValues): string | null {
  if (match.role === 'referrer') {
    switch (match.kind) {
      case 'full_name':
        return values.referrerName;
      case 'first_name':
        return splitName(values.referrerName)?.first || null;
      case 'last_name':
        return splitName(values.referrerName)?.last || null;
      case 'email':
        return values.referrerEmail;
      case 'phone':
        return values.referrerPhone;
      case 'organization':
        return values.organization;
      case 'subject':
        return values.subject;
      case 'message':
        return values.message;
      default:
        // A referrer's city or date of birth: the referral does not hold it.
        return null;
    }
  }
  switch (match.kind) {
    case 'first_name':
      return values.firstName;
    case 'last_name':
      return values.lastName;
    case 'full_name':
      return `${values.firstName} ${values.lastName}`.trim();
    case 'date_of_birth':
      return values.dateOfBirth;
    case 'phone':
      return values.phone;
    case 'email':
      return values.email;
    case 'street_address':
      return values.streetAddress;
    case 'city':
      return values.city;
    case 'state':
      return values.state;
    case 'zip':
      return values.zip;
    case 'medicaid_id':
      return values.medicaidId;
    case 'health_plan':
      return values.healthPlan;
    case 'language':
      return values.language;
    case 'needs':
      return values.needs.length ? values.needs.join(', ') : null;
    case 'urgency':
      return values.urgency;
    case 'availability':
      return values.availability;
    case 'organization':
      return values.organization;
    case 'subject':
      return values.subject;
    case 'country':
      return values.country;
    case 'message':
      return values.message;
    case 'consent':
      return null;
  }
}

/** The input's constraints that shape the typed value. */
export type InputShape = {
  type: string;
  maxLength?: number | null;
  placeholder?: string | null;
  pattern?: string | null;
};

function formatDate(iso: string, shape: InputShape): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const [, y, mo, d] = m;
  if (shape.type === 'date') return `${y}-${mo}-${d}`;
  const hint = (shape.placeholder ?? '').toLowerCase();
  if (/y{2,4}\s*[-/.]\s*m{1,2}/.test(hint)) return `${y}-${mo}-${d}`;
  if (/d{1,2}\s*[-/.]\s*m{1,2}/.test(hint)) return `${d}/${mo}/${y}`;
  return `${mo}/${d}/${y}`;
}

/**
 * The value as this input takes it: a date in the input's format (a date input's yyyy-mm-dd, a placeholder's
 * "dd/mm/yyyy", else the US mm/dd/yyyy), a phone as digits when the input is short or numeric, a state as its
 * code when only two characters fit, cut to the input's maxlength; null when a numeric input cannot take it.
 */
export function formatValue(kind: FieldKind, value: string, shape: InputShape): string | null {
  let out = value;
  if (kind === 'date_of_birth') {
    const date = formatDate(value, shape);
    if (!date) return null;
    out = date;
  }
  const max = shape.maxLength && shape.maxLength > 0 ? shape.maxLength : null;
  if (kind === 'phone') {
    const digits = out.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1');
    const digitsOnly =
      shape.type === 'number' ||
      (max !== null && out.length > max) ||
      /\\d|\[0-9\]/.test(shape.pattern ?? '');
    if (digitsOnly) out = digits;
  }
  if (kind === 'state' && max !== null && max <= 2) out = stateCandidates(out)[0]!.slice(0, 2);
  if (shape.type === 'number') {
    // A numeric input takes the digits of a phone, a ZIP or an ID; a name or an address it cannot take.
    if (kind === 'phone' || kind === 'zip' || kind === 'medicaid_id') out = out.replace(/\D/g, '');
    if (!/^\d+$/.test(out)) return null;
  }
  if (max !== null && out.length > max) out = out.slice(0, max);
  return out;
}

const SUCCESS_TEXT =
  /\b(thank you|thanks|received|submitted|success|successfully|we (will|ll) (be in touch|contact you|get back)|has been sent|was sent|confirmation|confirmed|gracias|recibid[oa]s?|enviad[oa]s?|exito|exitosamente)\b/;
const ERROR_TEXT =
  /\b(error|errors|failed|failure|invalid|is required|are required|required field|please (correct|fix|fill|enter|complete|try)|could not|couldn't|unable to|try again|went wrong|problem|not valid|denied|forbidden|no se pudo|invalido|obligatorio|intentelo|intente de nuevo|fallo)\b/;

/** What the page says after the form was sent: a confirmation, an error, both or neither. */
export function readOutcomeText(text: string): { success: boolean; error: boolean } {
  const normalized = normalizeText(text);
  return { success: SUCCESS_TEXT.test(normalized), error: ERROR_TEXT.test(normalized) };
}

/** Next / Continue / Siguiente: a button that moves a multi-step form on rather than sending it. */
export function isNextButtonText(text: string): boolean {
  return /^(next|next step|continue|proceed|siguiente|continuar|adelante)\b/.test(normalizeText(text));
}

/** Cancel / Reset / Back: a button never pressed, whatever its type. */
export function isAvoidedButtonText(text: string): boolean {
  return /^(cancel|reset|clear|back|previous|prev|close|cancelar|borrar|limpiar|atras|regresar|cerrar)\b/.test(
    normalizeText(text),
  );
}

/** Submit / Send / Enviar…: a button that sends the form. */
export function isSubmitButtonText(text: string): boolean {
  return /\b(submit|send|enviar|request|apply|sign up|register|refer|finish|done|complete|solicitar|save|guardar|confirm|go)\b/.test(
    normalizeText(text),
  );
}
