import { describe, expect, it } from 'vitest';
import { hsdsId, isUuid, providerIdOf, SERVICES_TAXONOMY_ID, taxonomyTermId } from './ids.ts';

// HSDS ids must be UUIDs, stable across requests, and read back to the provider row without a lookup table.

describe('HSDS ids', () => {
  it('spells a UUID that reads back to its provider, for its own kind only', () => {
    const id = hsdsId('service', 2_147_483_647);
    expect(isUuid(id)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(providerIdOf('service', id)).toBe(2_147_483_647);
    expect(providerIdOf('service', id.toUpperCase())).toBe(2_147_483_647);
    expect(providerIdOf('organization', id)).toBeNull();
    expect(hsdsId('service', 7)).toBe(hsdsId('service', 7));
    expect(hsdsId('service', 7)).not.toBe(hsdsId('location', 7));
  });

  it('refuses ids that are not its own: another publisher, a sub-object, a provider id out of range', () => {
    expect(providerIdOf('service', '3f1c1d2e-5b6a-4c7d-8e9f-0a1b2c3d4e5f')).toBeNull();
    expect(providerIdOf('attribute', hsdsId('attribute', 5, 1))).toBeNull();
    expect(providerIdOf('service', hsdsId('service', 0))).toBeNull();
    expect(providerIdOf('service', hsdsId('service', 2_147_483_648))).toBeNull();
  });

  it('derives taxonomy ids as RFC 9562 UUID v5, the same for any case of a service name', () => {
    const term = taxonomyTermId('Food Assistance');
    expect(term).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(taxonomyTermId(' food assistance ')).toBe(term);
    expect(taxonomyTermId('Housing')).not.toBe(term);
    expect(isUuid(SERVICES_TAXONOMY_ID)).toBe(true);
  });
});
