import {
  type ChoiceOption,
  chooseOption,
  type FieldDescriptor,
  type FieldMatch,
  type FormValues,
  formatValue,
  type InputShape,
  matchField,
  textValue,
  wantedChoices,
} from './field-matcher.ts';

// What to type into each input of one form (001 §5 web form), decided for the whole form at once: "Your name"
// is the referrer on a form that also asks about a client, "Name" + "Surname" take the first name in "Name",
// a second "Confirm email" takes the email again, an otherwise unclaimed textarea takes the message. Pure: the
// browser driver describes the form and performs the plan.

/** One fillable control of the page as the browser driver found it. */
export type FormControl = FieldDescriptor &
  InputShape & {
    /** The driver's handle on it (a data attribute on the element; the first option's for a radio group). */
    token: string;
    required: boolean;
    /** A select's options, or a radio group's (one per radio, in order). */
    options?: ChoiceOption[];
    /** A radio group's element handles, one per option. */
    optionTokens?: string[];
  };

export type FillAction =
  | { action: 'type'; token: string; value: string }
  | { action: 'select'; token: string; index: number }
  | { action: 'check'; token: string };

function labelOf(control: FormControl): string {
  return control.label || control.ariaLabel || control.context || control.name || control.id || '';
}

/** The plan: each control's action, or null when the referral has nothing for it. */
export function planFills(controls: readonly FormControl[], values: FormValues): (FillAction | null)[] {
  const matches: (FieldMatch | null)[] = controls.map((c) => matchField(c));

  // "Your name" is the person filling the form: the referrer when the form asks about a client elsewhere.
  const asksAboutMember = matches.some((m) => m?.explicitRole && m.role === 'member');
  for (const m of matches) {
    if (m?.role === 'self') m.role = asksAboutMember ? 'referrer' : 'member';
  }

  // "Name" + "Last name" (or "Nombre" + "Apellido") and no first name: "Name" is the first name.
  const has = (kind: FieldMatch['kind'], role: FieldMatch['role']) =>
    matches.some((m) => m?.kind === kind && m.role === role);
  for (const role of ['member', 'referrer'] as const) {
    if (!has('first_name', role) && has('last_name', role)) {
      const full = matches.find((m) => m?.kind === 'full_name' && m.role === role);
      if (full) full.kind = 'first_name';
    }
  }

  // No input asks for a message: the first textarea nobody claimed takes it.
  if (!matches.some((m) => m?.kind === 'message')) {
    const free = controls.findIndex((c, i) => c.tag === 'textarea' && matches[i] === null);
    if (free >= 0) {
      matches[free] = {
        kind: 'message',
        role: 'member',
        explicitRole: false,
        confirm: false,
        source: 'context',
      };
    }
  }

  const used = new Set<string>();
  return controls.map((control, i) => {
    const match = matches[i] ?? null;
    if (control.type === 'checkbox') return planCheckbox(control, match, values);
    if (!match) return null;
    const key = `${match.kind}:${match.role}`;
    // A second input of the same kind ("Alternate phone") stays empty unless it confirms the first.
    if (used.has(key) && !match.confirm) return null;
    used.add(key);
    if (control.type === 'radio') {
      const index = chooseOption(control.options ?? [], wantedChoices(match, values));
      const token = index === null ? undefined : control.optionTokens?.[index];
      return token ? { action: 'check', token } : null;
    }
    if (control.tag === 'select') {
      const index = chooseOption(control.options ?? [], wantedChoices(match, values));
      return index === null ? null : { action: 'select', token: control.token, index };
    }
    if (match.kind === 'consent') return null;
    const text = textValue(match, values);
    if (!text?.trim()) return null;
    const value = formatValue(match.kind, text.trim(), control);
    return value ? { action: 'type', token: control.token, value } : null;
  });
}

/** A consent box is ticked when the member consented; a service box ("Food", "Housing") when it is a need. */
function planCheckbox(control: FormControl, match: FieldMatch | null, values: FormValues): FillAction | null {
  if (match?.kind === 'consent')
    return values.consentObtained ? { action: 'check', token: control.token } : null;
  if (match && match.kind !== 'needs') return null;
  const label = labelOf(control);
  if (!label || !values.needs.length) return null;
  const isNeed = chooseOption([{ value: label, text: label }], values.needs) !== null;
  return isNeed ? { action: 'check', token: control.token } : null;
}
