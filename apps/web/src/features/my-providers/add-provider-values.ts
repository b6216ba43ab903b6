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
