import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { RawParams } from './params.ts';

// A searchset Bundle (FHIR R4 §3.1.1.2) with the total and the paging links. The links repeat the search's own
// parameters, which are ids, codes and dates (no PHI is searchable: Patient takes only _id), and page by offset.

function query(params: RawParams, offset: number, count: number): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || key === '_offset' || key === '_count') continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
  }
  out.set('_count', String(count));
  if (offset > 0) out.set('_offset', String(offset));
  return out.toString();
}

export function searchBundle(input: {
  base: string;
  type: string;
  params: RawParams;
  resources: Resource[];
  total: number;
  offset: number;
  count: number;
}): Bundle {
  const { base, type, params, total, offset, count } = input;
  const url = (at: number) => `${base}/${type}?${query(params, at, count)}`;
  const link: NonNullable<Bundle['link']> = [{ relation: 'self', url: url(offset) }];
  if (count > 0 && offset > 0) link.push({ relation: 'previous', url: url(Math.max(0, offset - count)) });
  if (count > 0 && offset + count < total) link.push({ relation: 'next', url: url(offset + count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link,
    entry: input.resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}
