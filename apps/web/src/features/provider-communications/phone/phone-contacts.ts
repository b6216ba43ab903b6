import { CONTACT_LABELS, type CommunicationMethod, phoneDigits } from '@trust/domain';

export type PhoneContact = {
  key: keyof typeof CONTACT_LABELS;
  label: string;
  /** 001 §2.14: the main phone is of type work. */
  type: 'work' | 'mobile' | 'other';
  number: string;
};

const MOBILE_NOTE = /\b(mobile|cell|cellular|móvil|celular)\b/i;

/**
 * 001 §2.14 Contacts, at most three numbers: Main Phone (type work) from the provider's record; Mobile, the
 * provider's first phone method (one noted as mobile or cell first) that differs from the main phone; and
 * Alternative, the next that differs from both. Numbers are compared by their digits, so '(213) 555-0192' and
 * '+1 213 555 0192' are one number.
 */
export function buildPhoneContacts(
  mainPhone: string | null | undefined,
  methods: readonly CommunicationMethod[],
): PhoneContact[] {
  const contacts: PhoneContact[] = [];
  const seen = new Set<string>();
  const main = mainPhone?.trim();
  if (main) {
    contacts.push({ key: 'main', label: CONTACT_LABELS.main, type: 'work', number: main });
    seen.add(phoneDigits(main));
  }
  const phones = methods
    .filter((m) => m.method_type === 'phone' && m.contact_value.trim() !== '')
    .filter((m) => phoneDigits(m.contact_value) !== '');
  const ordered = [
    ...phones.filter((m) => MOBILE_NOTE.test(m.notes ?? '')),
    ...phones.filter((m) => !MOBILE_NOTE.test(m.notes ?? '')),
  ];
  for (const key of ['mobile', 'alternative'] as const) {
    const next = ordered.find((m) => !seen.has(phoneDigits(m.contact_value)));
    if (!next) break;
    const number = next.contact_value.trim();
    seen.add(phoneDigits(number));
    contacts.push({ key, label: CONTACT_LABELS[key], type: key === 'mobile' ? 'mobile' : 'other', number });
  }
  return contacts;
}
