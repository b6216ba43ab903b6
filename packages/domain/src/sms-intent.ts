import type { SmsIntent } from './sms-wire.ts';

// What a provider's text message means (001 §2.12 intent badges: accept, decline, question, help, stop; issue #6:
// a reply that names the referral — "ACCEPT 4821", "YES", "DECLINE 4821 full" — answers it, STOP opts the number
// out and START back in, HELP asks how to reach the coordinator; English and Spanish). The provider that accepted
// reports progress the same way (issue #14 item 3): "STARTED 4821" (In Progress), "DONE 4821" (Completed, the
// service provided). Pure: the SMS module acts on the result.

export type SmsLanguage = 'en' | 'es';

export type ParsedSmsReply = {
  intent: SmsIntent;
  /** The digits of a referral number the text names ('4821' in "DECLINE 4821 full"), or null. */
  referralDigits: string | null;
  /**
   * The rest of a decline ('full' in "DECLINE 4821 full"; the whole text of "we are full"), or of a progress report
   * ('met her today' in "DONE 4821 met her today"), or null.
   */
  reason: string | null;
  /** The language to answer in. */
  language: SmsLanguage;
};

/**
 * Opt-out keywords: CTIA's and Twilio's (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT; "STOP ALL" as people
 * type it) and their Spanish counterparts. Like Twilio, the whole message must be the keyword: "cancel the
 * appointment" or "end of the week works" are not opt-outs.
 */
const STOP_KEYWORDS = new Set([
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'optout',
  'opt out',
  'revoke',
  'parar',
  'alto',
  'detener',
  'baja',
  'dar de baja',
  'darme de baja',
  'cancelar',
]);
/** Opt-out words a message may begin with ("Stop texting me", "unsubscribe please"): unambiguous ones only. */
const STOP_LEADING = new Set(['stop', 'stopall', 'unsubscribe', 'parar', 'detener']);
/** Opting back in. Not YES: here YES accepts a referral. */
const START_KEYWORDS = new Set(['start', 'unstop', 'resume', 'subscribe', 'iniciar', 'alta', 'reanudar']);
const HELP_KEYWORDS = new Set(['help', 'info', 'information', 'ayuda', 'informacion', 'socorro']);

/** A first word that accepts ("YES 4821", "Ok", "Sí"). */
const ACCEPT_WORDS = new Set([
  'accept',
  'accepted',
  'accepting',
  'approve',
  'approved',
  'confirm',
  'confirmed',
  'yes',
  'y',
  'yeah',
  'yep',
  'yup',
  'ok',
  'okay',
  'k',
  'sure',
  'absolutely',
  'definitely',
  'si',
  'acepto',
  'aceptar',
  'aceptamos',
  'aceptado',
  'aceptada',
  'acepta',
  'claro',
  'confirmo',
  'confirmado',
  'vale',
  'dale',
]);
/** A first word that declines ("DECLINE 4821 full", "No", "N"). */
const DECLINE_WORDS = new Set([
  'decline',
  'declined',
  'declining',
  'deny',
  'denied',
  'reject',
  'rejected',
  'refuse',
  'no',
  'n',
  'nope',
  'nah',
  'pass',
  'rechazar',
  'rechazo',
  'rechazamos',
  'rechazado',
  'rechazada',
  'declinar',
  'declino',
  'declinamos',
]);
/**
 * A first word that reports the service under way ("STARTED 4821"). Not START: that word alone opts a number back
 * in (CTIA), and "START 4821" is read the same way.
 */
const STARTED_WORDS = new Set([
  'started',
  'starting',
  'begun',
  'began',
  'underway',
  'empezado',
  'empezamos',
  'empece',
  'comenzado',
  'comenzamos',
  'iniciado',
  'iniciamos',
]);
/** Two-word ways to say it ("IN PROGRESS 4821", "en proceso"). */
const STARTED_PHRASES = [/^(in progress|en progreso|en proceso|en curso)\b/];
/** A first word that reports the service given ("DONE 4821", "Listo 4821"). */
const DONE_WORDS = new Set([
  'done',
  'completed',
  'complete',
  'finished',
  'served',
  'listo',
  'lista',
  'terminado',
  'terminada',
  'terminamos',
  'completado',
  'completada',
  'hecho',
  'atendido',
  'atendida',
]);

/** Command words a decline's reason does not repeat ("DECLINE 4821 full" → 'full'). */
const DECLINE_COMMANDS = new Set([
  'decline',
  'declined',
  'declining',
  'deny',
  'reject',
  'refuse',
  'rechazar',
  'rechazo',
  'rechazamos',
  'declinar',
  'declino',
  'declinamos',
]);
/** "No problem, we can take him" is a yes. */
const NOT_A_NO = [
  /^no (problem|problemo|worries|prob)\b/,
  /^no hay (problema|ningun problema)\b/,
  /^no problema\b/,
];

/** Phrases that say the provider cannot take the member (checked before the yes-phrases: "we can't take him"). */
const DECLINE_PHRASES = [
  /\bno room\b/,
  /\bno space\b/,
  /\bno (capacity|openings?|availability|beds?|slots?|spots?)\b/,
  /\b(we are|we're|were|im|i'm|i am|we r|all|currently|totally|completely|already|sorry) full\b/,
  /^full\b/,
  /\bfull (right now|now|today|this week|this month|at the moment|for now)\b/,
  /\bat capacity\b/,
  /\bcan ?not\b/,
  /\bcan'?t\b/,
  /\bcant\b/,
  /\bunable\b/,
  /\bnot able\b/,
  /\bwon'?t be able\b/,
  /\bnot (accepting|taking)\b/,
  /\bno longer (accepting|taking)\b/,
  /\bwaitlist(ed)?\b/,
  /\bwait ?list\b/,
  /\bno podemos\b/,
  /\bno puedo\b/,
  /\bsin (cupo|espacio|lugar|capacidad)\b/,
  /\bno (hay|tenemos) (cupo|espacio|lugar|capacidad)\b/,
  /\bllen[oa]s?\b/,
  /\bno aceptamos\b/,
];
/** Phrases that say yes without a yes-word first ("we can take him", "podemos tomarlo"). */
const ACCEPT_PHRASES = [
  /\b(can|could|will|would be happy to|would love to|happy to|glad to) (take|accept|see|serve|help)\b/,
  /\b(we'?ll|i'?ll|we will|i will) (take|accept|see|serve)\b/,
  /\b(we|i) (accept|take)\b/,
  /\bsounds good\b/,
  /\bcount (us|me) in\b/,
  /\bpodemos (tomar|aceptar|recibir|atender|ayudar)/,
  /\bpuedo (tomar|aceptar|recibir|atender|ayudar)/,
  /\b(lo|la) (tomamos|aceptamos|recibimos|atendemos)\b/,
  /\bcon gusto\b/,
];
/** Questions without a question mark ("When can she come"); checked on the start of the message. */
const QUESTION_START =
  /^(what|whats|what's|when|where|who|whom|whose|why|how|which|can you|could you|would you|will you|is it|is there|is she|is he|is this|are there|are they|are you|do you|does|did|do we|should|may i|qu[eé]|cu[aá]ndo|d[oó]nde|c[oó]mo|qui[eé]n|por qu[eé]|cu[aá]l|cu[aá]nto|puede|pueden|hay)\b/;

/** Words that mark a Spanish message (keywords and common words of a short reply). */
const SPANISH_WORDS = new Set([
  'si',
  'acepto',
  'aceptar',
  'aceptamos',
  'aceptado',
  'aceptada',
  'acepta',
  'claro',
  'confirmo',
  'confirmado',
  'vale',
  'dale',
  'rechazar',
  'rechazo',
  'rechazamos',
  'rechazado',
  'rechazada',
  'declinar',
  'declino',
  'declinamos',
  'parar',
  'alto',
  'detener',
  'baja',
  'cancelar',
  'iniciar',
  'alta',
  'reanudar',
  'ayuda',
  'informacion',
  'socorro',
  'podemos',
  'puedo',
  'tenemos',
  'cupo',
  'lleno',
  'llena',
  'llenos',
  'sin',
  'espacio',
  'lugar',
  'hay',
  'que',
  'cuando',
  'donde',
  'como',
  'quien',
  'cual',
  'gracias',
  'por',
  'favor',
  'hola',
  'ella',
  'el',
  'lo',
  'la',
  'tomamos',
  'tomar',
  'recibir',
  'referido',
  'referencia',
  'paciente',
  'con',
  'gusto',
  'esta',
  'semana',
  'ahora',
  'puede',
  'pueden',
  'de',
  'ya',
  'listo',
  'lista',
  'terminado',
  'terminada',
  'terminamos',
  'completado',
  'completada',
  'hecho',
  'atendido',
  'atendida',
  'empezado',
  'empezamos',
  'comenzado',
  'comenzamos',
  'iniciado',
  'iniciamos',
  'proceso',
  'progreso',
  'curso',
]);
const ENGLISH_WORDS = new Set([
  'yes',
  'accept',
  'decline',
  'reject',
  'stop',
  'start',
  'help',
  'info',
  'we',
  'can',
  'take',
  'her',
  'him',
  'them',
  'the',
  'is',
  'are',
  'full',
  'room',
  'what',
  'when',
  'where',
  'how',
  'who',
  'thanks',
  'thank',
  'you',
  'please',
  'ok',
  'okay',
  'sure',
  'cannot',
  'cant',
  'not',
  'this',
  'week',
  'referral',
  'done',
  'completed',
  'finished',
  'served',
  'started',
  'progress',
]);

/** Lower case without accents (sí → si, información → informacion), curly quotes straightened. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/** The words of a folded text (letters, digits and apostrophes), without punctuation. */
function wordsOf(folded: string): string[] {
  return folded.split(/[^a-z0-9'ñ]+/).filter((w) => w !== '' && w !== "'");
}

/** A referral number named in the text: ≥4 digits ("#4821", "1234567890", "123-456-7890"). */
const DIGITS = /#?\s*(\d(?:[\d-]*\d)?)/g;
const NUMBER_CUES = /(?:#|\b(?:referral|ref|referido|referencia|number|numero|no\.?)\s*#?\s*)$/;

function referralDigitsOf(original: string): { digits: string; start: number; end: number } | null {
  for (const match of original.matchAll(DIGITS)) {
    const digits = match[1]!.replace(/-/g, '');
    if (digits.length < 4) continue;
    const start = match.index;
    const end = start + match[0].length;
    const before = fold(original.slice(0, start));
    const wordsBefore = wordsOf(before).length;
    // The number of a command ("YES 4821", "4821 yes", "accept referral #4821"), or a full referral number
    // (10 digits) anywhere; a year or a count deep in a sentence ("full until 2025") is not one.
    if (
      wordsBefore <= 3 ||
      digits.length === 10 ||
      NUMBER_CUES.test(`${before}${match[0].startsWith('#') ? '#' : ''}`)
    ) {
      return { digits, start, end };
    }
  }
  return null;
}

function languageOf(words: readonly string[], folded: string): SmsLanguage {
  let es = 0;
  let en = 0;
  for (const w of words) {
    if (SPANISH_WORDS.has(w)) es++;
    if (ENGLISH_WORDS.has(w)) en++;
  }
  if (/[ñ¿¡]/.test(folded)) es++;
  return es > en ? 'es' : 'en';
}

/**
 * The decline's reason (or a progress report's note): the text without the referral number and the command word,
 * when anything is left.
 */
function reasonOf(
  original: string,
  number: { start: number; end: number } | null,
  commands: ReadonlySet<string> = DECLINE_COMMANDS,
): string | null {
  let rest = number ? `${original.slice(0, number.start)} ${original.slice(number.end)}` : original;
  rest = rest.replace(/\s+/g, ' ').trim();
  const first = /^([^\s,.:;!-]+)[\s,.:;!-]*/.exec(rest);
  if (first) {
    const word = fold(first[1]!);
    // "DECLINE 4821 full" → 'full'; "NO 4821, full" → 'full'; but "no room" keeps its 'no'.
    if (commands.has(word) || (commands === DECLINE_COMMANDS && number && DECLINE_WORDS.has(word))) {
      rest = rest.slice(first[0].length);
    }
  }
  rest = rest.replace(/^[\s,.:;!#-]+|[\s,.;:-]+$/g, '').trim();
  if (!rest) return null;
  const folded = fold(rest)
    .replace(/[^a-z ]/g, '')
    .trim();
  if (DECLINE_WORDS.has(folded)) return null;
  return rest.slice(0, 1000);
}

/**
 * Reads a provider's text message: its intent, the referral number it names, a decline's reason and its
 * language. Keywords first (STOP, START, HELP must be the whole message, as carriers treat them), then a
 * leading yes or no word, then a question, then phrases.
 */
export function parseSmsReply(body: string): ParsedSmsReply {
  const original = body.trim();
  const folded = fold(original);
  const words = wordsOf(folded);
  const language = languageOf(words, folded);
  const number = referralDigitsOf(original);
  const referralDigits = number?.digits ?? null;
  const result = (intent: SmsIntent, reason: string | null = null): ParsedSmsReply => ({
    intent,
    referralDigits,
    reason,
    language,
  });
  if (words.length === 0) return result(/\?/.test(original) ? 'question' : 'other');

  // The whole message as a keyword: letters only, single spaces, polite words dropped ("STOP please").
  const bare = words
    .filter((w) => !/^\d+$/.test(w))
    .join(' ')
    .replace(/\b(please|pls|plz|por favor|now|ahora|thanks|thank you|gracias)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (STOP_KEYWORDS.has(bare) || STOP_KEYWORDS.has(bare.replace(/ /g, ''))) return result('stop');
  if (STOP_LEADING.has(words[0]!) && !original.includes('?')) return result('stop');
  if (START_KEYWORDS.has(bare)) return result('start');
  if (HELP_KEYWORDS.has(bare)) return result('help');

  const phrase = words.join(' ');
  const first = words.find((w) => !/^\d+$/.test(w)) ?? '';
  const question = original.includes('?');

  if (!question && DONE_WORDS.has(first)) return result('done', reasonOf(original, number, DONE_WORDS));
  if (!question && STARTED_WORDS.has(first))
    return result('started', reasonOf(original, number, STARTED_WORDS));
  const startedPhrase = STARTED_PHRASES.find((re) => re.test(bare));
  if (!question && startedPhrase) {
    // Blank the two words where they stand, so the number's place in the text still holds.
    const masked = original.replace(
      /^(\s*)(\S+\s+\S+)/,
      (_m, lead: string, two: string) => lead + ' '.repeat(two.length),
    );
    return result('started', reasonOf(masked, number, STARTED_WORDS));
  }
  if (NOT_A_NO.some((re) => re.test(phrase))) return result(question ? 'question' : 'accept');
  if (DECLINE_WORDS.has(first)) return result('decline', reasonOf(original, number));
  // "Yes! When can she come?" asks before it commits: a coordinator reads it; "ACCEPT 4821?" still accepts.
  if (ACCEPT_WORDS.has(first) && (!question || /^(accept|acepto|aceptar)/.test(first))) {
    return DECLINE_PHRASES.some((re) => re.test(phrase)) && !/^(accept|acepto|aceptar)/.test(first)
      ? result('decline', reasonOf(original, number))
      : result('accept');
  }
  if (question) return result('question');
  if (DECLINE_PHRASES.some((re) => re.test(phrase))) return result('decline', reasonOf(original, number));
  if (QUESTION_START.test(phrase)) return result('question');
  if (ACCEPT_PHRASES.some((re) => re.test(phrase))) return result('accept');
  return result('other');
}

/** The intent of an inbound SMS (001 §2.12 badges), from parseSmsReply. */
export function classifySmsIntent(body: string): SmsIntent {
  return parseSmsReply(body).intent;
}
