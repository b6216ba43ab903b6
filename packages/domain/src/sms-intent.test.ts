import { describe, expect, it } from 'vitest';
import { classifySmsIntent, type ParsedSmsReply, parseSmsReply } from './sms-intent.ts';
import type { SmsIntent } from './sms-wire.ts';

// Replies as providers type them (001 §2.12 intents; issue #6: "Yes!", "yes i can take her", "no room", "STOP",
// "Stop all", "ayuda", "sí"), with the referral number, reason and language the SMS module acts on.
type Row = [body: string, intent: SmsIntent, extra?: Partial<Omit<ParsedSmsReply, 'intent'>>];

const REPLIES: Row[] = [
  // accept
  ['Yes!', 'accept', { referralDigits: null, language: 'en' }],
  ['yes i can take her', 'accept', { language: 'en' }],
  ['YES', 'accept'],
  ['Y', 'accept'],
  ['ok', 'accept'],
  ['OK 4821', 'accept', { referralDigits: '4821' }],
  ['ACCEPT 4821', 'accept', { referralDigits: '4821' }],
  ['accept #1234567890', 'accept', { referralDigits: '1234567890' }],
  ['YES 1234567890', 'accept', { referralDigits: '1234567890' }],
  ['1234567890 yes', 'accept', { referralDigits: '1234567890' }],
  ['Yes, we accept referral #123-456-7890', 'accept', { referralDigits: '1234567890' }],
  ['we can take him', 'accept', { language: 'en' }],
  ['We will take her tomorrow', 'accept'],
  ['Sure thing', 'accept'],
  ['No problem, we can take him', 'accept'],
  ['Sounds good', 'accept'],
  ['sí', 'accept', { language: 'es' }],
  ['SI', 'accept', { language: 'es' }],
  ['SÍ 4821', 'accept', { referralDigits: '4821', language: 'es' }],
  ['ACEPTO', 'accept', { language: 'es' }],
  ['Aceptar 4821', 'accept', { referralDigits: '4821', language: 'es' }],
  ['Sí, podemos tomarlo', 'accept', { language: 'es' }],
  ['Claro que sí', 'accept', { language: 'es' }],
  // decline
  ['no room', 'decline', { reason: 'no room', language: 'en' }],
  ['NO', 'decline', { reason: null }],
  ['N', 'decline', { reason: null }],
  ['DECLINE', 'decline', { reason: null }],
  ['DECLINE 4821 full', 'decline', { referralDigits: '4821', reason: 'full' }],
  ['decline 1234567890 - no beds until March', 'decline', { reason: 'no beds until March' }],
  ['NO 4821', 'decline', { referralDigits: '4821', reason: null }],
  ['Reject 4821: outside our service area', 'decline', { reason: 'outside our service area' }],
  ['full', 'decline', { reason: 'full' }],
  ['we are full', 'decline', { reason: 'we are full' }],
  ["Sorry, we can't take her this month", 'decline', { reason: "Sorry, we can't take her this month" }],
  ['cannot', 'decline'],
  ["can't", 'decline'],
  ['We’re at capacity', 'decline'],
  ['Not accepting new clients', 'decline'],
  ['We are full until 2025', 'decline', { referralDigits: null, reason: 'We are full until 2025' }],
  ['RECHAZAR', 'decline', { language: 'es', reason: null }],
  ['Rechazo 4821 sin cupo', 'decline', { referralDigits: '4821', reason: 'sin cupo', language: 'es' }],
  ['no podemos', 'decline', { language: 'es', reason: 'no podemos' }],
  ['sin cupo', 'decline', { language: 'es' }],
  ['Estamos llenos', 'decline', { language: 'es' }],
  ['lleno', 'decline', { language: 'es' }],
  // question
  ['What time?', 'question'],
  ['when can she come', 'question'],
  ['Where is the member located', 'question'],
  ['Who is this?', 'question'],
  ['How old is he', 'question'],
  ['Can you send the address?', 'question'],
  ['Is it still available', 'question'],
  ['Yes! When does she need it?', 'question'],
  ['yes?', 'question'],
  ['¿Qué necesita?', 'question', { language: 'es' }],
  ['cuándo puede venir', 'question', { language: 'es' }],
  ['¿Dónde vive?', 'question', { language: 'es' }],
  ['Cómo la contactamos', 'question', { language: 'es' }],
  // help
  ['HELP', 'help'],
  ['help please', 'help'],
  ['INFO', 'help'],
  ['ayuda', 'help', { language: 'es' }],
  ['AYUDA por favor', 'help', { language: 'es' }],
  // stop (CTIA and Twilio keywords, Spanish)
  ['STOP', 'stop'],
  ['Stop all', 'stop'],
  ['STOP ALL', 'stop'],
  ['stopall', 'stop'],
  ['Stop.', 'stop'],
  ['Stop texting me', 'stop'],
  ['UNSUBSCRIBE', 'stop'],
  ['cancel', 'stop'],
  ['END', 'stop'],
  ['Quit', 'stop'],
  ['PARAR', 'stop', { language: 'es' }],
  ['alto', 'stop', { language: 'es' }],
  ['DETENER', 'stop', { language: 'es' }],
  ['baja', 'stop', { language: 'es' }],
  ['Cancelar', 'stop', { language: 'es' }],
  // start (not YES: YES accepts here)
  ['START', 'start'],
  ['unstop', 'start'],
  ['INICIAR', 'start', { language: 'es' }],
  ['alta', 'start', { language: 'es' }],
  // other
  ['Thanks!', 'other'],
  // the accepted provider's progress (issue #14 item 3)
  ['DONE 4821', 'done', { referralDigits: '4821', reason: null }],
  ['done 4821 met her today, food box given', 'done', { reason: 'met her today, food box given' }],
  ['Completed 1234567890', 'done', { referralDigits: '1234567890' }],
  ['Listo 4821', 'done', { referralDigits: '4821', language: 'es' }],
  ['STARTED 4821', 'started', { referralDigits: '4821', reason: null }],
  ['in progress 4821 intake booked', 'started', { referralDigits: '4821', reason: 'intake booked' }],
  ['En proceso 4821', 'started', { referralDigits: '4821', language: 'es' }],
  ['START 4821', 'start'],
  ['Done?', 'question'],
  ['Thank you', 'other'],
  ['Got your message, will call you back', 'other'],
  ['cancel the appointment on friday', 'other'],
  ['End of the week works for the intake', 'other'],
  ['', 'other'],
  ['   ', 'other'],
  ['👍', 'other'],
];

describe('parseSmsReply on real-world replies (001 §2.12)', () => {
  it('has a table of at least 40 replies', () => {
    expect(REPLIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REPLIES)('%j → %s', (body, intent, extra) => {
    const parsed = parseSmsReply(body);
    expect(parsed.intent).toBe(intent);
    if (extra) expect(parsed).toMatchObject(extra);
    expect(classifySmsIntent(body)).toBe(intent);
  });

  it('answers in English unless the reply is Spanish', () => {
    expect(parseSmsReply('YES').language).toBe('en');
    expect(parseSmsReply('NO').language).toBe('en');
    expect(parseSmsReply('no podemos, estamos llenos esta semana').language).toBe('es');
  });

  it('takes a full referral number anywhere, and a short one only where a command names it', () => {
    expect(parseSmsReply('yes we can take the member for referral 1234567890').referralDigits).toBe(
      '1234567890',
    );
    expect(parseSmsReply('yes we can take the member of referral #4821').referralDigits).toBe('4821');
    expect(parseSmsReply('ACCEPT 482').referralDigits).toBeNull();
  });

  it('keeps a long reason to 1000 characters', () => {
    const parsed = parseSmsReply(`DECLINE 4821 ${'x'.repeat(1200)}`);
    expect(parsed.reason).toHaveLength(1000);
  });
});
