import { describe, expect, it } from 'vitest';
import { addProviderSchema, savedProviderCreateSchema } from './saved-providers.ts';

const form = {
  organization_name: 'Eastside Pantry',
  organization_type: 'Food Bank',
  street_address: '12 Main St',
  city: 'Los Angeles',
  state: 'ca',
  zip_code: '90012',
  primary_phone: '213.555.0142',
  services: ['Food Assistance'],
  languages_spoken: ['Spanish'],
};

describe('savedProviderCreateSchema (001 §7: the body is the provider object)', () => {
  it('saves a stored provider by provider_id or id, whatever else the object carries', () => {
    expect(savedProviderCreateSchema.parse({ provider_id: 12, organization_name: '' })).toEqual({
      kind: 'existing',
      provider_id: 12,
    });
    expect(savedProviderCreateSchema.parse({ id: '7' })).toEqual({ kind: 'existing', provider_id: 7 });
  });

  it('reads an object without a stored id (or with a negative fallback id) as a new provider', () => {
    const parsed = savedProviderCreateSchema.parse({ ...form, id: -1 });
    expect(parsed).toMatchObject({
      kind: 'new',
      provider: { state: 'CA', primary_phone: '(213) 555-0142', primary_email: null, website: null },
    });
  });

  it('folds the aliases of the directory shape (phone, email, languages)', () => {
    const { primary_phone: _p, languages_spoken: _l, ...rest } = form;
    const parsed = savedProviderCreateSchema.parse({
      ...rest,
      phone: '2135550142',
      email: 'A@B.org',
      languages: ['English'],
    });
    expect(parsed).toMatchObject({
      kind: 'new',
      provider: { primary_phone: '(213) 555-0142', primary_email: 'a@b.org', languages_spoken: ['English'] },
    });
  });
});

describe('addProviderSchema (001 §5)', () => {
  it('reports every required field with its message', () => {
    const result = addProviderSchema.safeParse({ services: [''], languages_spoken: [] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      organization_name: 'Organization name is required',
      organization_type: 'Organization type is required',
      street_address: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zip_code: 'ZIP code is required',
      primary_phone: 'Phone number is required',
      services: 'Please select at least one service',
      languages_spoken: 'Please select at least one language',
    });
  });

  it('keeps email and website optional, and prefixes a bare website with https://', () => {
    const parsed = addProviderSchema.parse({ ...form, primary_email: ' ', website: 'eastside.org' });
    expect(parsed.primary_email).toBeNull();
    expect(parsed.website).toBe('https://eastside.org');
  });
});
