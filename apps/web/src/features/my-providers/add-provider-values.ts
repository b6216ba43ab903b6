import { type AddProviderInput, addProviderSchema } from '@trust/domain';

/** The Add New Provider form (001 §2.4) as the inputs hold it. */
export type AddProviderValues = {
  organization_name: string;
  organization_type: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  primary_phone: string;
  primary_email: string;
  website: string;
  services: string[];
  languages_spoken: string[];
};

export type AddProviderField = keyof AddProviderValues;
export type AddProviderErrors = Partial<Record<AddProviderField, string>>;

export const EMPTY_PROVIDER: AddProviderValues = {
  organization_name: '',
  organization_type: '',
  street_address: '',
  city: '',
  state: '',
  zip_code: '',
  primary_phone: '',
  primary_email: '',
  website: '',
  services: [],
  languages_spoken: [],
};

export function toAddProviderBody(v: AddProviderValues): AddProviderInput {
  return { ...v };
}

/**
 * Every message of 001 §5 at once, from the schema the server checks with (packages/domain
 * saved-providers.ts), so the browser and the server never disagree.
 */
export function validateProvider(v: AddProviderValues): AddProviderErrors {
  const result = addProviderSchema.safeParse(toAddProviderBody(v));
  if (result.success) return {};
  const errors: AddProviderErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AddProviderField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
