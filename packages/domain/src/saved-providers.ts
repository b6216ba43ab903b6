import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';
import { directoryProviderSchema } from './directory-wire.ts';
import { PROVIDER_MESSAGES } from './providers.ts';
import { US_STATES } from './us-states.ts';

// My Providers (001 §2.4, §2.5, §3 Saved provider, §7 "Saved providers"): a user's personal list of providers,
// and the Add New Provider form. The form and POST /api/saved-providers share these schemas, so the server
// answers each required field with the same message the browser shows (001 §5).

/** Messages of this area that the spec leaves to us (formats of optional or typed-in values). */
export const SAVED_PROVIDER_MESSAGES = {
  zipFormat: 'ZIP code must be 5 digits.',
  phoneFormat: 'Enter a 10-digit phone number.',
  emailFormat: 'Enter a valid email address.',
  websiteFormat: 'Enter a valid website address.',
  stateFormat: 'Choose a US state.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  notSaved: 'This provider is not in your list.',
  providerNotFound: 'This provider is not in the directory.',
} as const;

/** A blank text (or null) is "not given": a required field then reports its "is required" message. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

function requiredText(message: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: message }).trim().min(1, message).max(max, SAVED_PROVIDER_MESSAGES.tooLong(max)),
  );
}

function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => blankToUndefined(v) ?? null, schema.nullable());
}

/** "(213) 555-0101" from any punctuation; an 11th leading country code 1 is dropped. */
function normalisePhone(value: string, ctx: z.RefinementCtx): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) {
    ctx.addIssue({ code: 'custom', message: SAVED_PROVIDER_MESSAGES.phoneFormat });
    return z.NEVER;
  }
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A website as typed ("example.org" or "https://example.org"): stored with https:// when it had no scheme. */
function normaliseWebsite(value: string, ctx: z.RefinementCtx): string {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!url.hostname.includes('.')) throw new Error('no domain');
    return withScheme;
  } catch {
    ctx.addIssue({ code: 'custom', message: SAVED_PROVIDER_MESSAGES.websiteFormat });
    return z.NEVER;
  }
}

function requiredList(message: string) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((s) => typeof s === 'string' && s.trim() !== '') : v),
    z.array(z.string().trim().max(100), { error: message }).min(1, message).max(50),
  );
}

const STATE_CODES: readonly string[] = US_STATES.map((s) => s.code);

/**
 * The Add New Provider form (001 §2.4) with the required-field messages of 001 §5. Field names are those of
 * 001 §3 Saved provider (primary_phone, primary_email, languages_spoken).
 */
export const addProviderSchema = z.object({
  organization_name: requiredText(PROVIDER_MESSAGES.nameRequired, 200),
  organization_type: requiredText(PROVIDER_MESSAGES.typeRequired, 100),
  street_address: requiredText(PROVIDER_MESSAGES.addressRequired, 200),
  city: requiredText(PROVIDER_MESSAGES.cityRequired, 100),
  state: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : blankToUndefined(v)),
    z.string({ error: PROVIDER_MESSAGES.stateRequired }).refine((v) => STATE_CODES.includes(v), {
      message: SAVED_PROVIDER_MESSAGES.stateFormat,
    }),
  ),
  zip_code: z.preprocess(
    blankToUndefined,
    z
      .string({ error: PROVIDER_MESSAGES.zipRequired })
      .trim()
      .regex(/^\d{5}$/, SAVED_PROVIDER_MESSAGES.zipFormat),
  ),
  primary_phone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: PROVIDER_MESSAGES.phoneRequired })
      .max(30, SAVED_PROVIDER_MESSAGES.phoneFormat)
      .transform(normalisePhone),
  ),
  /** 001 §2.4: optional, an email input. */
  primary_email: optionalText(
    z
      .string()
      .trim()
      .max(320, SAVED_PROVIDER_MESSAGES.tooLong(320))
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, SAVED_PROVIDER_MESSAGES.emailFormat)
      .transform((v) => v.toLowerCase()),
  ),
  /** 001 §2.4: optional, a url input. */
  website: optionalText(
    z.string().trim().max(500, SAVED_PROVIDER_MESSAGES.tooLong(500)).transform(normaliseWebsite),
  ),
  services: requiredList(PROVIDER_MESSAGES.servicesRequired),
  languages_spoken: requiredList(PROVIDER_MESSAGES.languagesRequired),
});
export type AddProviderInput = z.input<typeof addProviderSchema>;
export type AddProvider = z.output<typeof addProviderSchema>;

/**
 * The spec's clients send a provider object under several aliases (001 §3 Directory provider: phone,
 * phone_number; email; languages); they are folded into the Saved provider names before validation.
 */
function foldAliases(value: Record<string, unknown>): Record<string, unknown> {
  const pick = (...keys: string[]) =>
    keys.map((k) => value[k]).find((v) => blankToUndefined(v) !== undefined);
  return {
    ...value,
    primary_phone: pick('primary_phone', 'phone', 'phone_number'),
    primary_email: pick('primary_email', 'email'),
    languages_spoken: pick('languages_spoken', 'languages'),
  };
}

/** A stored provider's id as the client may send it: a positive integer (negative ids are unstored fallbacks). */
function storedProviderId(value: Record<string, unknown>): number | null {
  for (const key of ['provider_id', 'id']) {
    const raw = value[key];
    const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

export type SavedProviderCreate =
  | { kind: 'existing'; provider_id: number }
  | { kind: 'new'; provider: AddProvider };

/**
 * POST /api/saved-providers body (001 §7: "the provider object"). A provider carrying the id of a stored
 * provider saves that one; anything else is a provider typed in through Add New Provider, checked field by
 * field. Dispatching by shape (not a union) keeps every field message of the new-provider form.
 */
export const savedProviderCreateSchema = z
  .unknown()
  .transform((value, ctx): SavedProviderCreate => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'Send the provider as a JSON object.' });
      return z.NEVER;
    }
    const record = value as Record<string, unknown>;
    const id = storedProviderId(record);
    if (id !== null) return { kind: 'existing', provider_id: id };
    const result = addProviderSchema.safeParse(foldAliases(record));
    if (result.success) return { kind: 'new', provider: result.data };
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  })
  .meta({
    description:
      'A provider object: with a stored provider_id (or id) it saves that directory provider; without one, the Add New Provider fields of 001 §2.4 (organization_name, organization_type, street_address, city, state, zip_code, primary_phone, primary_email?, website?, services, languages_spoken).',
  });

/** One entry of My Providers: the directory shape plus when the user saved it. */
export const savedProviderSchema = directoryProviderSchema.extend({ saved_at: timestampSchema });
export type SavedProvider = z.infer<typeof savedProviderSchema>;

export const SAVED_PROVIDERS_PAGE_SIZE_DEFAULT = 100;
export const SAVED_PROVIDERS_PAGE_SIZE_MAX = 500;

/** GET /api/saved-providers: searched on the server (name, type, city, ZIP, services), newest saved first. */
export const savedProviderListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  ...pageQuery(SAVED_PROVIDERS_PAGE_SIZE_DEFAULT, SAVED_PROVIDERS_PAGE_SIZE_MAX),
});
export type SavedProviderListQuery = z.infer<typeof savedProviderListQuerySchema>;

export const savedProviderListSchema = z.object({
  providers: z.array(savedProviderSchema),
  /** Saved providers matching the search, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SavedProviderList = z.infer<typeof savedProviderListSchema>;

export const savedProviderDeleteResponseSchema = z.object({
  success: z.literal(true),
  provider_id: z.number().int(),
});
