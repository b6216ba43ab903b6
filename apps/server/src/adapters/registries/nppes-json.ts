import type { RegistryProvider } from './registry-provider.ts';

// The NPPES NPI Registry API v2.1 answer (https://npiregistry.cms.hhs.gov/api-page): `result_count` and
// `results`, or `Errors` (with HTTP 200) when the query is refused. Only the fields we read are typed.

export type NppesAddress = {
  address_purpose: 'LOCATION' | 'MAILING' | string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country_code?: string;
  telephone_number?: string;
};

export type NppesResult = {
  number: string | number;
  enumeration_type: 'NPI-1' | 'NPI-2' | string;
  basic: {
    organization_name?: string;
    first_name?: string;
    last_name?: string;
    middle_name?: string;
    credential?: string;
    status?: string;
  };
  addresses?: NppesAddress[];
  taxonomies?: { code: string; desc: string; primary: boolean }[];
};

export type NppesAnswer = {
  result_count?: number;
  results?: NppesResult[];
  Errors?: { description: string; field?: string; number?: string }[];
};

/** An NPPES API result as a registry provider. */
export function fromNppesResult(result: NppesResult): RegistryProvider {
  const basic = result.basic ?? {};
  const individual = result.enumeration_type === 'NPI-1';
  const name = individual
    ? [basic.first_name, basic.middle_name, basic.last_name].filter(Boolean).join(' ') +
      (basic.credential ? `, ${basic.credential}` : '')
    : (basic.organization_name ?? '');
  const location = result.addresses?.find((a) => a.address_purpose === 'LOCATION');
  const taxonomies = [...(result.taxonomies ?? [])]
    .sort((a, b) => Number(b.primary) - Number(a.primary))
    .map((t) => ({ code: t.code, description: t.desc }));
  return {
    source: 'cms_nppes',
    npi: String(result.number),
    kind: individual ? 'individual' : 'organization',
    name,
    taxonomies,
    location:
      location && location.country_code !== undefined && location.country_code !== 'US'
        ? null
        : location
          ? {
              line1: location.address_1 ?? '',
              line2: location.address_2 ?? '',
              city: location.city ?? '',
              state: location.state ?? '',
              postalCode: location.postal_code ?? '',
            }
          : null,
    phone: location?.telephone_number ?? null,
    languages: [],
  };
}
