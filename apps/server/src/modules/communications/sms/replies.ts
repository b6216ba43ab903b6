import { formatPhone, type SmsLanguage } from '@trust/domain';

// The texts the server answers a provider's SMS with (issue #6: a confirmation of an accept or decline, STOP and
// START confirmations, HELP; the accepted provider's STARTED and DONE, issue #14 item 3), in English or Spanish as the provider wrote. They name the referral by number
// only, never the member: a text can be read by anyone holding the phone. Each begins with the product's name
// (CTIA: a message says who sends it).

const BRAND = 'Trust Marketplace';

/** What an answer to a referral came to, as the reply tells it. */
export type AnswerOutcome =
  | 'accepted'
  | 'rejected'
  | 'already_accepted'
  | 'already_rejected'
  | 'expired'
  | 'other_provider'
  | 'not_awaiting'
  | 'decline_noted'
  | 'not_found'
  | 'no_referral'
  | 'ambiguous'
  | 'started'
  | 'completed'
  | 'already_started'
  | 'already_completed'
  | 'not_accepted'
  | 'progress_refused';

type Texts = {
  accepted: (n: string, emailed: boolean) => string;
  rejected: (n: string) => string;
  alreadyAccepted: (n: string) => string;
  alreadyRejected: (n: string) => string;
  expired: (n: string) => string;
  otherProvider: (n: string) => string;
  notAwaiting: (n: string) => string;
  declineNoted: (n: string) => string;
  notFound: (digits: string) => string;
  noReferral: () => string;
  ambiguous: (numbers: readonly string[]) => string;
  started: (n: string) => string;
  completed: (n: string) => string;
  alreadyStarted: (n: string) => string;
  alreadyCompleted: (n: string) => string;
  notAccepted: (n: string) => string;
  progressRefused: (n: string, status: string) => string;
  stop: () => string;
  start: () => string;
  help: (org: { name: string; phone: string | null; email: string | null } | null) => string;
};

const EN: Texts = {
  accepted: (n, emailed) =>
    `${BRAND}: Thank you. Referral ${n} is accepted. ${
      emailed
        ? "The member's details are on their way to your email on file."
        : "The coordinator will send you the member's details."
    }`,
  rejected: (n) => `${BRAND}: Referral ${n} is declined. Thank you for letting us know.`,
  alreadyAccepted: (n) => `${BRAND}: Referral ${n} has already been accepted. Nothing was changed.`,
  alreadyRejected: (n) => `${BRAND}: Referral ${n} has already been declined. Nothing was changed.`,
  expired: (n) =>
    `${BRAND}: The time to answer referral ${n} has passed; it will be matched again. Nothing was changed.`,
  otherProvider: (n) =>
    `${BRAND}: Referral ${n} is no longer available: it went to another provider. Thank you.`,
  notAwaiting: (n) => `${BRAND}: Referral ${n} is not waiting for an answer. Nothing was changed.`,
  declineNoted: (n) => `${BRAND}: Thank you. We noted that you cannot take referral ${n}.`,
  notFound: (digits) =>
    `${BRAND}: We could not find a referral ${digits} waiting for your answer. Reply YES or NO with the 10-digit referral number, e.g. YES 1234567890.`,
  noReferral: () =>
    `${BRAND}: There is no referral waiting for your answer from this number. Reply HELP to reach the coordinator.`,
  ambiguous: (numbers) =>
    `${BRAND}: Several referrals are waiting for your answer: ${numbers.join(', ')}. Reply YES or NO with the referral number, e.g. YES ${numbers[0]}.`,
  started: (n) =>
    `${BRAND}: Thank you. Referral ${n} is marked In Progress. Reply DONE ${n} when the member has been served.`,
  completed: (n) => `${BRAND}: Thank you. Referral ${n} is marked Completed: service provided.`,
  alreadyStarted: (n) => `${BRAND}: Referral ${n} is already In Progress. Nothing was changed.`,
  alreadyCompleted: (n) => `${BRAND}: Referral ${n} is already Completed. Nothing was changed.`,
  notAccepted: (n) =>
    `${BRAND}: Referral ${n} is not one you accepted, so its progress cannot be reported from this number. Nothing was changed.`,
  progressRefused: (n, status) => `${BRAND}: Referral ${n} is ${status}. Nothing was changed.`,
  stop: () =>
    `${BRAND}: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.`,
  start: () => `${BRAND}: You are subscribed again. Reply HELP for help, STOP to unsubscribe.`,
  help: (org) => {
    const contact = contactOf(org, 'or');
    return `${BRAND}: Messages about referrals${org ? ` from ${org.name}` : ''}.${
      contact ? ` Reach the coordinator at ${contact}.` : ''
    } Reply YES or NO with the referral number to answer, STOP to unsubscribe.`;
  },
};

const ES: Texts = {
  accepted: (n, emailed) =>
    `${BRAND}: Gracias. El referido ${n} quedó aceptado. ${
      emailed
        ? 'Los datos del miembro van en camino a su correo registrado.'
        : 'El coordinador le enviará los datos del miembro.'
    }`,
  rejected: (n) => `${BRAND}: El referido ${n} quedó rechazado. Gracias por avisarnos.`,
  alreadyAccepted: (n) => `${BRAND}: El referido ${n} ya fue aceptado. No se cambió nada.`,
  alreadyRejected: (n) => `${BRAND}: El referido ${n} ya fue rechazado. No se cambió nada.`,
  expired: (n) =>
    `${BRAND}: El plazo para responder al referido ${n} ya venció; se asignará de nuevo. No se cambió nada.`,
  otherProvider: (n) => `${BRAND}: El referido ${n} ya no está disponible: lo tomó otro proveedor. Gracias.`,
  notAwaiting: (n) => `${BRAND}: El referido ${n} no espera respuesta. No se cambió nada.`,
  declineNoted: (n) => `${BRAND}: Gracias. Anotamos que no puede tomar el referido ${n}.`,
  notFound: (digits) =>
    `${BRAND}: No encontramos un referido ${digits} que espere su respuesta. Responda SI o NO con el número de referido de 10 dígitos, p. ej. SI 1234567890.`,
  noReferral: () =>
    `${BRAND}: No hay ningún referido esperando su respuesta desde este número. Responda AYUDA para contactar al coordinador.`,
  ambiguous: (numbers) =>
    `${BRAND}: Hay varios referidos esperando su respuesta: ${numbers.join(', ')}. Responda SI o NO con el número de referido, p. ej. SI ${numbers[0]}.`,
  started: (n) =>
    `${BRAND}: Gracias. El referido ${n} quedó En Progreso. Responda LISTO ${n} cuando el miembro haya sido atendido.`,
  completed: (n) => `${BRAND}: Gracias. El referido ${n} quedó Completado: servicio prestado.`,
  alreadyStarted: (n) => `${BRAND}: El referido ${n} ya está En Progreso. No se cambió nada.`,
  alreadyCompleted: (n) => `${BRAND}: El referido ${n} ya está Completado. No se cambió nada.`,
  notAccepted: (n) =>
    `${BRAND}: El referido ${n} no es uno que usted aceptó; no se puede informar su avance desde este número. No se cambió nada.`,
  progressRefused: (n, status) => `${BRAND}: El referido ${n} está ${status}. No se cambió nada.`,
  stop: () =>
    `${BRAND}: Se dio de baja y no recibirá más mensajes de este número. Responda INICIAR para volver a suscribirse.`,
  start: () =>
    `${BRAND}: Se suscribió de nuevo. Responda AYUDA para obtener ayuda, PARAR para darse de baja.`,
  help: (org) => {
    const contact = contactOf(org, 'o');
    return `${BRAND}: Mensajes sobre referidos${org ? ` de ${org.name}` : ''}.${
      contact ? ` Comuníquese con el coordinador al ${contact}.` : ''
    } Responda SI o NO con el número de referido para contestar, PARAR para darse de baja.`;
  },
};

function contactOf(org: { phone: string | null; email: string | null } | null, or: string): string {
  const parts = [org?.phone ? formatPhone(org.phone) : null, org?.email ?? null].filter(Boolean);
  return parts.join(` ${or} `);
}

export function repliesIn(language: SmsLanguage): Texts {
  return language === 'es' ? ES : EN;
}

/** The reply to an answer of a referral (`numbers`: the referral's number, or the candidates). */
export function answerReply(
  language: SmsLanguage,
  outcome: AnswerOutcome,
  facts: {
    referralNumber?: string;
    digits?: string;
    numbers?: readonly string[];
    emailed?: boolean;
    /** The referral's status as the reply names it (a refused progress report). */
    status?: string;
  },
): string {
  const t = repliesIn(language);
  const n = facts.referralNumber ?? facts.digits ?? '';
  switch (outcome) {
    case 'accepted':
      return t.accepted(n, facts.emailed === true);
    case 'rejected':
      return t.rejected(n);
    case 'already_accepted':
      return t.alreadyAccepted(n);
    case 'already_rejected':
      return t.alreadyRejected(n);
    case 'expired':
      return t.expired(n);
    case 'other_provider':
      return t.otherProvider(n);
    case 'not_awaiting':
      return t.notAwaiting(n);
    case 'decline_noted':
      return t.declineNoted(n);
    case 'not_found':
      return t.notFound(facts.digits ?? n);
    case 'no_referral':
      return t.noReferral();
    case 'ambiguous':
      return t.ambiguous(facts.numbers ?? []);
    case 'started':
      return t.started(n);
    case 'completed':
      return t.completed(n);
    case 'already_started':
      return t.alreadyStarted(n);
    case 'already_completed':
      return t.alreadyCompleted(n);
    case 'not_accepted':
      return t.notAccepted(n);
    case 'progress_refused':
      return t.progressRefused(n, facts.status ?? '');
  }
}
