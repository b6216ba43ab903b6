import { randomBytes } from 'node:crypto';

// Addresses and identifiers of conversation emails: validation, the Message-ID every email gets, and the
// plus-addressed reply address (EMAIL_REPLY_TO) that names the thread a reply belongs to (001 §2.13).

/** A mailbox address: one @, no spaces or angle brackets, a dotted domain. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 320 && EMAIL.test(value);
}

/** The bare address of "Name <a@b.c>" or "a@b.c", lower case; null when there is none. */
export function bareAddress(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const angle = /<([^>]+)>/.exec(value);
  const address = (angle?.[1] ?? value).trim().toLowerCase();
  return isEmailAddress(address) ? address : null;
}

/** A list given as an array or as one string separated by commas or semicolons; blanks and repeats dropped. */
export function addressList(value: string | readonly string[] | null | undefined): string[] {
  if (!value) return [];
  const items = typeof value === 'string' ? value.split(/[,;]/) : value.flatMap((v) => v.split(/[,;]/));
  const out: string[] = [];
  for (const item of items) {
    const trimmed = item.trim();
    if (trimmed && !out.some((o) => o.toLowerCase() === trimmed.toLowerCase())) out.push(trimmed);
  }
  return out;
}

/** The domain of SMTP_FROM ("Trust Marketplace <no-reply@trust.local>" → trust.local). */
export function domainOf(from: string): string {
  const address = bareAddress(from) ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

/** A new Message-ID: `<random@domain of SMTP_FROM>` (the record's external id; replies name it). */
export function newMessageId(smtpFrom: string): string {
  return `<${randomBytes(16).toString('hex')}@${domainOf(smtpFrom)}>`;
}

/**
 * A random, unguessable token (a thread's reply token, an email's tracking token): lower-case hex, since a mail
 * server on the way may change the case of an address's local part.
 */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The forms a Message-ID may be stored or quoted in: with and without its angle brackets (ours carry them; a
 * driver's own id, such as the local driver's, may not).
 */
export function messageIdForms(value: string): string[] {
  const bare = value.trim().replace(/^<|>$/g, '').trim();
  if (!bare) return [];
  return [`<${bare}>`, bare];
}

/** Every Message-ID named in a References or In-Reply-To value ("<a@b> <c@d>", or one without brackets). */
export function messageIdsIn(value: string | null | undefined): string[] {
  if (!value?.trim()) return [];
  const bracketed = value.match(/<[^<>\s]+>/g);
  return bracketed ?? value.split(/\s+/).filter(Boolean);
}

/** reply+TOKEN@domain for EMAIL_REPLY_TO reply@domain. */
export function replyAddress(replyTo: string, token: string): string {
  const at = replyTo.lastIndexOf('@');
  return `${replyTo.slice(0, at)}+${token}${replyTo.slice(at)}`;
}

/** The token of a plus-addressed reply address of EMAIL_REPLY_TO, or null. */
export function replyTokenOf(address: string, replyTo: string): string | null {
  const a = bareAddress(address);
  const r = bareAddress(replyTo);
  if (!a || !r) return null;
  const [local, domain] = [a.slice(0, a.lastIndexOf('@')), a.slice(a.lastIndexOf('@') + 1)];
  const [rLocal, rDomain] = [r.slice(0, r.lastIndexOf('@')), r.slice(r.lastIndexOf('@') + 1)];
  if (domain !== rDomain || !local.startsWith(`${rLocal}+`)) return null;
  const token = local.slice(rLocal.length + 1);
  return /^[0-9a-f]{32}$/.test(token) ? token : null;
}
